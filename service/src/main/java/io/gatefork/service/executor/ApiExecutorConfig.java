package io.gatefork.service.executor;

import java.time.Duration;

/**
 * Sizing of the API executor ({@code camunda.api.rest.executor.*}, legacy {@code
 * camunda.rest.apiExecutor.*}) plus the strategy switch. Pool sizes are multiples of the CPUs the
 * JVM may use, so one setting fits every pod size. A null keep-alive or strategy means the default.
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

  public static final int DEFAULT_CORE_POOL_SIZE_MULTIPLIER = 1;
  public static final int DEFAULT_MAX_POOL_SIZE_MULTIPLIER = 8;
  public static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(60);
  public static final int DEFAULT_QUEUE_CAPACITY = 64;

  public ApiExecutorConfig {
    keepAlive = keepAlive == null ? DEFAULT_KEEP_ALIVE : keepAlive;
    strategy = strategy == null ? ApiExecutorStrategy.DEDICATED : strategy;
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
          "API executor corePoolSizeMultiplier (" + corePoolSizeMultiplier
              + ") must not exceed maxPoolSizeMultiplier (" + maxPoolSizeMultiplier + ")");
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

  public static ApiExecutorConfig defaults() {
    return new ApiExecutorConfig(DEFAULT_CORE_POOL_SIZE_MULTIPLIER,
        DEFAULT_MAX_POOL_SIZE_MULTIPLIER, DEFAULT_KEEP_ALIVE, DEFAULT_QUEUE_CAPACITY,
        ApiExecutorStrategy.DEDICATED);
  }

  public ApiExecutorConfig withStrategy(final ApiExecutorStrategy value) {
    return new ApiExecutorConfig(corePoolSizeMultiplier, maxPoolSizeMultiplier, keepAlive,
        queueCapacity, value);
  }

  public ApiExecutorConfig withQueueCapacity(final int value) {
    return new ApiExecutorConfig(corePoolSizeMultiplier, maxPoolSizeMultiplier, keepAlive, value,
        strategy);
  }

  public ApiExecutorConfig withPoolSizeMultipliers(final int core, final int max) {
    return new ApiExecutorConfig(core, max, keepAlive, queueCapacity, strategy);
  }
}
