package io.gatefork.bench.stats;

import org.HdrHistogram.Histogram;

/**
 * Percentiles of one set of latencies, in milliseconds, from an HdrHistogram of nanoseconds: a
 * percentile is the smallest recorded value with at least that share of all values at or below it
 * (nearest rank), to the histogram's precision (three significant digits: within 0.1 %). The counts
 * over 1, 2 and 10 s are the latencies above those bounds (to the same precision).
 */
public record LatencySummary(
    long count,
    double meanMs,
    double p50Ms,
    double p95Ms,
    double p99Ms,
    double maxMs,
    long over1s,
    long over2s,
    long over10s) {

  public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0, 0);
  private static final long SECOND_NANOS = 1_000_000_000L;

  public static LatencySummary of(final Histogram nanos) {
    if (nanos.getTotalCount() == 0) {
      return EMPTY;
    }
    return new LatencySummary(
        nanos.getTotalCount(),
        ms(nanos.getMean()),
        ms(nanos.getValueAtPercentile(50)),
        ms(nanos.getValueAtPercentile(95)),
        ms(nanos.getValueAtPercentile(99)),
        ms(nanos.getMaxValue()),
        over(nanos, SECOND_NANOS),
        over(nanos, 2 * SECOND_NANOS),
        over(nanos, 10 * SECOND_NANOS));
  }

  private static long over(final Histogram nanos, final long bound) {
    return nanos.getTotalCount() - nanos.getCountBetweenValues(0, bound);
  }

  private static double ms(final double nanos) {
    return nanos / 1_000_000.0;
  }
}
