package io.gatefork.dist.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The API executor's sizing under the unified 8.8 keys {@code camunda.api.rest.executor.*}. The
 * legacy {@code camunda.rest.apiExecutor.*} keys are read as a fallback ({@link
 * LegacyApiExecutorProperties}). Defaults (1 / 8 / 60s / 64) are gatefork's: the tuning study
 * found cores x 8 with a queue of 64 best on 2-CPU pods, while the unified key's upstream default
 * is x 2.
 */
@ConfigurationProperties("camunda.api.rest.executor")
public record ApiExecutorProperties(
    Integer corePoolSizeMultiplier,
    Integer maxPoolSizeMultiplier,
    Duration keepAlive,
    Integer queueCapacity) {}
