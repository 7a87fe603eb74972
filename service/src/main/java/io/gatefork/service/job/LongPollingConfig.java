package io.gatefork.service.job;

import java.time.Duration;
import java.util.Objects;

/**
 * Long polling of job activation. Every value is required: the defaults live with the configuration
 * keys in {@code dist} ({@code zeebe.gateway.longPolling.*}), not here.
 *
 * @param enabled false: every activation answers after one walk over the partitions, whatever
 *     request timeout it asks for (as the stock gateway without long polling)
 * @param defaultTimeout how long a request without its own timeout (null or 0) waits for jobs
 * @param maxParkedRequests waiting requests at most; more are refused with RESOURCE_EXHAUSTED
 * @param maxRequestTimeout the longest a request waits for jobs, whatever request timeout it asks
 *     for (a longer one is shortened to it, not refused); zero: no bound (stock)
 * @param maxParkedPerCaller waiting requests of one caller ({@link
 *     io.gatefork.service.RequestContext#callerKey()}) at most; more are refused with
 *     RESOURCE_EXHAUSTED. Zero: a quarter of {@code maxParkedRequests} ({@link #callerShare()});
 *     {@code maxParkedRequests} or more: no share of its own (stock)
 * @param probeTimeout how long the waiting requests of a job type may hear no job-available
 *     notification before one of them asks the partitions again, in case a notification was lost
 *     (as stock's {@code probeTimeout}); zero: never
 */
public record LongPollingConfig(
    boolean enabled,
    Duration defaultTimeout,
    int maxParkedRequests,
    Duration maxRequestTimeout,
    int maxParkedPerCaller,
    Duration probeTimeout) {

  public LongPollingConfig {
    Objects.requireNonNull(defaultTimeout, "Long polling defaultTimeout");
    if (defaultTimeout.isNegative() || defaultTimeout.isZero()) {
      throw new IllegalArgumentException(
          "Long polling defaultTimeout must be > 0, but was " + defaultTimeout);
    }
    Objects.requireNonNull(maxRequestTimeout, "Long polling maxRequestTimeout");
    if (maxRequestTimeout.isNegative()) {
      throw new IllegalArgumentException(
          "Long polling maxRequestTimeout must be >= 0, but was " + maxRequestTimeout);
    }
    if (maxParkedRequests <= 0) {
      throw new IllegalArgumentException(
          "Long polling maxParkedRequests must be > 0, but was " + maxParkedRequests);
    }
    if (maxParkedPerCaller < 0) {
      throw new IllegalArgumentException(
          "Long polling maxParkedPerCaller must be >= 0, but was " + maxParkedPerCaller);
    }
    Objects.requireNonNull(probeTimeout, "Long polling probeTimeout");
    if (probeTimeout.isNegative()) {
      throw new IllegalArgumentException(
          "Long polling probeTimeout must be >= 0, but was " + probeTimeout);
    }
  }

  /**
   * How many waiting requests one caller may hold: {@code maxParkedPerCaller}, or for 0 a quarter
   * of all places (at least one), so that no fewer than four callers can always wait; never more
   * than all places.
   */
  public int callerShare() {
    return maxParkedPerCaller == 0
        ? Math.max(1, maxParkedRequests / 4)
        : Math.min(maxParkedPerCaller, maxParkedRequests);
  }

  /** How long a request that asked to wait {@code requested} (positive) waits at most. */
  public Duration bounded(final Duration requested) {
    return maxRequestTimeout.isZero() || requested.compareTo(maxRequestTimeout) <= 0
        ? requested
        : maxRequestTimeout;
  }
}
