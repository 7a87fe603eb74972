package io.gatefork.service.testing;

import io.gatefork.service.executor.ApiExecutorConfig;
import io.gatefork.service.executor.ApiExecutorStrategy;
import io.gatefork.service.job.LongPollingConfig;
import java.time.Duration;

/**
 * Settings for tests. The service module has no defaults of its own (dist binds them from the
 * configuration), so tests say what they run with; these are the shipped values.
 */
public final class TestSettings {
  private TestSettings() {}

  /** 1 / 8 core / max threads per CPU, 60 s keep-alive, a queue of 64. */
  public static ApiExecutorConfig executor(final ApiExecutorStrategy strategy) {
    return new ApiExecutorConfig(1, 8, Duration.ofSeconds(60), 64, strategy);
  }

  public static ApiExecutorConfig dedicatedExecutor(
      final int coreMultiplier, final int maxMultiplier, final int queueCapacity) {
    return new ApiExecutorConfig(
        coreMultiplier,
        maxMultiplier,
        Duration.ofSeconds(60),
        queueCapacity,
        ApiExecutorStrategy.DEDICATED);
  }

  /**
   * On, with the given default wait and cap of parked requests, a quarter of them per caller; no
   * probe (a test's activations are asked only when it says so).
   */
  public static LongPollingConfig longPolling(
      final Duration defaultTimeout, final int maxParkedRequests) {
    return new LongPollingConfig(
        true, defaultTimeout, maxParkedRequests, Duration.ZERO, 0, Duration.ZERO);
  }

  /** On, 10 s default wait, 10,000 parked requests. */
  public static LongPollingConfig longPolling() {
    return longPolling(Duration.ofSeconds(10), 10_000);
  }
}
