package io.gatefork.dist.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Pre-unified keys {@code camunda.rest.apiExecutor.*}, still accepted. */
@ConfigurationProperties("camunda.rest.api-executor")
public record LegacyApiExecutorProperties(
    Integer corePoolSizeMultiplier,
    Integer maxPoolSizeMultiplier,
    Integer keepAliveSeconds,
    Integer queueCapacity) {}
