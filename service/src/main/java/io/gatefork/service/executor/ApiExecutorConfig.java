package io.gatefork.service.executor;

import java.time.Duration;
import java.util.Objects;

/**
 * Sizing of the API executor plus the strategy switch. Pool sizes are multiples of the CPUs the JVM
 * may use, so one setting fits every pod size. Every value is required: the defaults live with the
 * configuration keys in {@code dist} ({@code camunda.api.rest.executor.*}, {@code
 * gatefork.api.executor-strategy}), not here.
 *
 * @param corePoolSizeMultiplier core threads per CPU, at least 0
 * @param maxPoolSizeMultiplier maximum threads per CPU, at least 1 and not below the core one
 * @param keepAlive how long an idle thread (core ones too) lives, positive
 * @param queueCapacity tasks waiting for a thread before the caller runs them itself, positive
 * @param strategy where responses are handled
 */
public record ApiExecutorConfig(
    int corePoolSizeMultiplier,
    int maxPoolSizeMultiplier,
    Duration keepAlive,
    int queueCapacity,
    ApiExecutorStrategy strategy) {

  public ApiExecutorConfig {
    Objects.requireNonNull(keepAlive, "API executor keepAlive");
    Objects.requireNonNull(strategy, "API executor strategy");
    if (corePoolSizeMultiplier < 0) {
      throw new IllegalArgumentException(
          "API executor corePoolSizeMultiplier must be >= 0, but was " + corePoolSizeMultiplier);
    }
    if (maxPoolSizeMultiplier <= 0) {
      throw new IllegalArgumentException(
          "API executor maxPoolSizeMultiplier must be > 0, but was " + maxPoolSizeMultiplier);
    }
    if (corePoolSizeMultiplier > maxPoolSizeMultiplier) {
      throw new IllegalArgumentException(
          "API executor corePoolSizeMultiplier ("
              + corePoolSizeMultiplier
              + ") must not exceed maxPoolSizeMultiplier ("
              + maxPoolSizeMultiplier
              + ")");
    }
    if (keepAlive.isNegative() || keepAlive.isZero()) {
      throw new IllegalArgumentException(
          "API executor keepAlive must be > 0, but was " + keepAlive);
    }
    if (queueCapacity <= 0) {
      throw new IllegalArgumentException(
          "API executor queueCapacity must be > 0, but was " + queueCapacity);
    }
  }
}
