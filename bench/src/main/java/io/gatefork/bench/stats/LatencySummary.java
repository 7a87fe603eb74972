package io.gatefork.bench.stats;

import java.util.Arrays;

/**
 * Percentiles of one set of latencies, in milliseconds. Nearest-rank on the sorted values: exact
 * for what was recorded, no bucketing error (a window holds at most some ten thousand values).
 */
public record LatencySummary(
    long count, double meanMs, double p50Ms, double p95Ms, double p99Ms, double maxMs) {

  public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0);

  /** Summarises {@code nanos}; sorts the array in place. */
  public static LatencySummary ofNanos(final long[] nanos) {
    if (nanos.length == 0) {
      return EMPTY;
    }
    Arrays.sort(nanos);
    double sum = 0;
    for (final long value : nanos) {
      sum += value;
    }
    return new LatencySummary(
        nanos.length,
        ms(sum / nanos.length),
        ms(percentile(nanos, 0.50)),
        ms(percentile(nanos, 0.95)),
        ms(percentile(nanos, 0.99)),
        ms(nanos[nanos.length - 1]));
  }

  /** Nearest rank: the smallest value with at least {@code q} of all values at or below it. */
  public static long percentile(final long[] sorted, final double q) {
    if (sorted.length == 0) {
      throw new IllegalArgumentException("no values");
    }
    final int rank = (int) Math.ceil(q * sorted.length);
    return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
  }

  private static double ms(final double nanos) {
    return nanos / 1_000_000.0;
  }
}
