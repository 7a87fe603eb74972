package io.gatefork.service.job;

import java.time.Duration;

/**
 * Long polling of job activation.
 *
 * @param defaultTimeout how long a request without its own timeout (null or 0) waits for jobs
 * @param maxParkedRequests waiting requests at most; more are refused with RESOURCE_EXHAUSTED
 */
public record LongPollingConfig(Duration defaultTimeout, int maxParkedRequests) {
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
  public static final int DEFAULT_MAX_PARKED_REQUESTS = 10_000;

  public LongPollingConfig {
    defaultTimeout = defaultTimeout == null ? DEFAULT_TIMEOUT : defaultTimeout;
    if (defaultTimeout.isNegative() || defaultTimeout.isZero()) {
      throw new IllegalArgumentException(
          "Long polling defaultTimeout must be > 0, but was " + defaultTimeout);
    }
    if (maxParkedRequests <= 0) {
      throw new IllegalArgumentException(
          "Long polling maxParkedRequests must be > 0, but was " + maxParkedRequests);
    }
  }

  public static LongPollingConfig defaults() {
    return new LongPollingConfig(DEFAULT_TIMEOUT, DEFAULT_MAX_PARKED_REQUESTS);
  }
}
