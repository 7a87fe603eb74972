package io.gatefork.gateway.app.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The pre-unified keys {@code camunda.rest.apiExecutor.*}, still accepted. Nothing reads this
 * record but {@link LegacyApiExecutorKeys}, which serves its values under the unified names; it has
 * no defaults of its own ({@link ApiExecutorProperties} has them).
 *
 * @param corePoolSizeMultiplier legacy name of {@code
 *     camunda.api.rest.executor.core-pool-size-multiplier}
 * @param maxPoolSizeMultiplier legacy name of {@code
 *     camunda.api.rest.executor.max-pool-size-multiplier}
 * @param keepAliveSeconds legacy form of {@code camunda.api.rest.executor.keep-alive}, in seconds
 * @param queueCapacity legacy name of {@code camunda.api.rest.executor.queue-capacity}
 */
@ConfigurationProperties("camunda.rest.api-executor")
public record LegacyApiExecutorProperties(
    Integer corePoolSizeMultiplier,
    Integer maxPoolSizeMultiplier,
    Integer keepAliveSeconds,
    Integer queueCapacity) {}
