package io.gatefork.bench.cpu;

/**
 * Cumulative CPU counters of one control group (or process): CPU time used and, when the group has
 * a quota, CFS periods and how many of them were throttled.
 */
public record CpuSample(
    long usageNanos, long periods, long throttledPeriods, long throttledNanos, long takenAtNanos) {

  /** CPU time used between {@code before} and this sample, in seconds. */
  public double cpuSecondsSince(final CpuSample before) {
    return (usageNanos - before.usageNanos) / 1e9;
  }

  /** What happened between {@code before} and this sample. */
  public CpuDelta since(final CpuSample before) {
    final long elapsed = Math.max(1, takenAtNanos - before.takenAtNanos);
    final long periodsDelta = periods - before.periods;
    final long throttledDelta = throttledPeriods - before.throttledPeriods;
    return new CpuDelta(
        (double) (usageNanos - before.usageNanos) / elapsed,
        periodsDelta,
        throttledDelta,
        periodsDelta > 0 ? 100.0 * throttledDelta / periodsDelta : 0.0,
        (throttledNanos - before.throttledNanos) / 1e9);
  }

  /**
   * @param coresUsed CPU seconds used per wall-clock second
   * @param throttledPct share of CFS periods in which the group hit its quota
   * @param throttledSeconds time the group's threads were held back by the quota
   */
  public record CpuDelta(
      double coresUsed,
      long periods,
      long throttledPeriods,
      double throttledPct,
      double throttledSeconds) {}
}
