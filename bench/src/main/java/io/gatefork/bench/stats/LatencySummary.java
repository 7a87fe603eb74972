package io.gatefork.bench.stats;

import org.HdrHistogram.Histogram;

/**
 * Percentiles of one set of latencies, in milliseconds, from an HdrHistogram of nanoseconds: a
 * percentile is the smallest recorded value with at least that share of all values at or below it
 * (nearest rank), to the histogram's precision (three significant digits: within 0.1 %).
 */
public record LatencySummary(
    long count, double meanMs, double p50Ms, double p95Ms, double p99Ms, double maxMs) {

  public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0);

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
        ms(nanos.getMaxValue()));
  }

  private static double ms(final double nanos) {
    return nanos / 1_000_000.0;
  }
}
