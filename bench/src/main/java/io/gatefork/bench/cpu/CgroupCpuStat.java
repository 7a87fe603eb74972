package io.gatefork.bench.cpu;

import java.util.HashMap;
import java.util.Map;

/**
 * Parses the kernel's cgroup CPU files. cgroup v2 {@code cpu.stat} has {@code usage_usec}, {@code
 * nr_periods}, {@code nr_throttled}, {@code throttled_usec}; cgroup v1 splits them into {@code
 * cpu.stat} ({@code nr_periods}, {@code nr_throttled}, {@code throttled_time} in ns) and {@code
 * cpuacct.usage} (ns).
 */
public final class CgroupCpuStat {
  private CgroupCpuStat() {}

  public static CpuSample parseV2(final String cpuStat, final long takenAtNanos) {
    final Map<String, Long> fields = fields(cpuStat);
    return new CpuSample(
        required(fields, "usage_usec") * 1_000,
        fields.getOrDefault("nr_periods", 0L),
        fields.getOrDefault("nr_throttled", 0L),
        fields.getOrDefault("throttled_usec", 0L) * 1_000,
        takenAtNanos);
  }

  public static CpuSample parseV1(
      final String cpuStat, final String cpuacctUsage, final long takenAtNanos) {
    final Map<String, Long> fields = fields(cpuStat);
    return new CpuSample(
        Long.parseLong(cpuacctUsage.trim()),
        fields.getOrDefault("nr_periods", 0L),
        fields.getOrDefault("nr_throttled", 0L),
        fields.getOrDefault("throttled_time", 0L),
        takenAtNanos);
  }

  static Map<String, Long> fields(final String text) {
    final Map<String, Long> fields = new HashMap<>();
    for (final String line : text.split("\n")) {
      final String[] parts = line.trim().split("\\s+");
      if (parts.length == 2) {
        try {
          fields.put(parts[0], Long.parseLong(parts[1]));
        } catch (final NumberFormatException ignored) {
          // a field this parser does not know the shape of
        }
      }
    }
    return fields;
  }

  private static long required(final Map<String, Long> fields, final String name) {
    final Long value = fields.get(name);
    if (value == null) {
      throw new IllegalArgumentException("cpu.stat has no " + name);
    }
    return value;
  }
}
