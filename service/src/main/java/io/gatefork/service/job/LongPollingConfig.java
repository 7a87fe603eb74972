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
 */
public record LongPollingConfig(
    boolean enabled, Duration defaultTimeout, int maxParkedRequests, Duration maxRequestTimeout) {

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
  }

  /** How long a request that asked to wait {@code requested} (positive) waits at most. */
  public Duration bounded(final Duration requested) {
    return maxRequestTimeout.isZero() || requested.compareTo(maxRequestTimeout) <= 0
        ? requested
        : maxRequestTimeout;
  }
}
