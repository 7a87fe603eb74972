package io.gatefork.bench.config;

import java.util.List;
import java.util.TreeSet;

/**
 * Which CPUs the gateway gets and which the broker and the load generator share. With the gateway
 * alone on its core, its CPU counters are its own, and a saturated broker shows as a busy load side
 * instead of as gateway latency. Empty lists: not pinned (the scheduler decides).
 */
public record Placement(List<Integer> gatewayCpus, List<Integer> loadCpus) {
  public static final Placement NONE = new Placement(List.of(), List.of());

  /** The gateway on the last core, the broker and the load generator on the others. */
  public static Placement defaultFor(final int cpus) {
    if (cpus < 2) {
      return NONE;
    }
    final List<Integer> load = new java.util.ArrayList<>();
    for (int i = 0; i < cpus - 1; i++) {
      load.add(i);
    }
    return new Placement(List.of(cpus - 1), List.copyOf(load));
  }

  public boolean pinned() {
    return !gatewayCpus.isEmpty();
  }

  /** Docker's {@code --cpuset-cpus} / taskset form, e.g. "1" or "0,2,3". */
  public static String format(final List<Integer> cpus) {
    return String.join(",", cpus.stream().map(String::valueOf).toList());
  }

  /** "1", "0-2", "0,3", or "none". */
  public static List<Integer> parseCpus(final String text) {
    final String t = text.trim();
    if (t.isEmpty() || t.equals("none")) {
      return List.of();
    }
    final TreeSet<Integer> cpus = new TreeSet<>();
    for (final String part : t.split(",")) {
      final String p = part.trim();
      final int dash = p.indexOf('-');
      try {
        if (dash > 0) {
          final int from = Integer.parseInt(p.substring(0, dash));
          final int to = Integer.parseInt(p.substring(dash + 1));
          if (to < from) {
            throw new IllegalArgumentException("CPU range '" + p + "' runs backwards");
          }
          for (int i = from; i <= to; i++) {
            cpus.add(i);
          }
        } else {
          cpus.add(Integer.parseInt(p));
        }
      } catch (final NumberFormatException e) {
        throw new IllegalArgumentException("not a CPU list: '" + text + "' (e.g. 1, 0-2, 0,3)");
      }
    }
    return List.copyOf(cpus);
  }
}
