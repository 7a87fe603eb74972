package io.gatefork.bench.cpu;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole machine's CPU use from {@code /proc/stat}: on a 2-core machine the broker, the load
 * generator and the gateway compete, so the gateway's own figures need this beside them.
 */
public final class MachineCpu {
  private static final Path PROC_STAT = Path.of("/proc/stat");

  private MachineCpu() {}

  /** Jiffies of all CPUs: busy and total. */
  public record Ticks(long busy, long total) {
    /** Share of all CPUs that was busy between {@code before} and this reading, in percent. */
    public double busyPctSince(final Ticks before) {
      final long total = this.total - before.total;
      return total > 0 ? 100.0 * (busy - before.busy) / total : 0.0;
    }
  }

  public static boolean available() {
    return Files.isReadable(PROC_STAT);
  }

  public static Ticks read() {
    return read(java.util.List.of());
  }

  /** The CPUs in {@code cpus} together (e.g. the broker's and load generator's); empty: all. */
  public static Ticks read(final java.util.Collection<Integer> cpus) {
    try {
      return parse(Files.readString(PROC_STAT), cpus);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The sum of the {@code cpuN} lines of {@code cpus}; empty: the aggregate line. */
  public static Ticks parse(final String procStat, final java.util.Collection<Integer> cpus) {
    if (cpus.isEmpty()) {
      return parse(procStat);
    }
    long busy = 0;
    long total = 0;
    int found = 0;
    for (final String line : procStat.split("\n")) {
      if (line.startsWith("cpu") && !line.startsWith("cpu ")) {
        final int space = line.indexOf(' ');
        final int cpu = Integer.parseInt(line.substring(3, space));
        if (cpus.contains(cpu)) {
          final Ticks t = ticks(line);
          busy += t.busy();
          total += t.total();
          found++;
        }
      }
    }
    if (found != cpus.size()) {
      throw new IllegalArgumentException("/proc/stat lacks some of the CPUs " + cpus);
    }
    return new Ticks(busy, total);
  }

  /** The aggregate {@code cpu} line: user nice system idle iowait irq softirq steal [guest...]. */
  public static Ticks parse(final String procStat) {
    for (final String line : procStat.split("\n")) {
      if (line.startsWith("cpu ")) {
        return ticks(line);
      }
    }
    throw new IllegalArgumentException("no aggregate cpu line in /proc/stat");
  }

  /** One line: user nice system idle iowait irq softirq steal [guest guest_nice]. */
  private static Ticks ticks(final String line) {
    final String[] f = line.trim().split("\\s+");
    long total = 0;
    // guest and guest_nice are already counted in user and nice
    final int fields = Math.min(f.length - 1, 8);
    for (int i = 1; i <= fields; i++) {
      total += Long.parseLong(f[i]);
    }
    final long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
    return new Ticks(total - idle, total);
  }
}
