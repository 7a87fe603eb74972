package io.gatefork.gateway.app.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The API executor's sizing under the unified 8.8 keys {@code camunda.api.rest.executor.*}; the
 * legacy {@code camunda.rest.apiExecutor.*} keys are read as a fallback ({@link
 * LegacyApiExecutorKeys}). The maximum multiplier is gatefork's: the tuning study found cores x 8
 * with a queue of 64 best on 2-CPU pods, while the unified key's upstream default is x 2. The
 * strategy switch is {@code gatefork.api.executor-strategy}.
 *
 * @param corePoolSizeMultiplier core threads per CPU (CPUs as the JVM sees them: the container's
 *     quota)
 * @param maxPoolSizeMultiplier threads per CPU at most (gatefork's default; the stock unified key's
 *     is 2, the tuning study found 8 best on 2 CPUs)
 * @param keepAlive how long an idle thread, a core one too, is kept
 * @param queueCapacity responses waiting for a thread; beyond it the thread that received the
 *     response handles it itself (backpressure)
 */
@ConfigurationProperties("camunda.api.rest.executor")
public record ApiExecutorProperties(
    @DefaultValue("1") int corePoolSizeMultiplier,
    @DefaultValue("8") int maxPoolSizeMultiplier,
    @DefaultValue("60s") Duration keepAlive,
    @DefaultValue("64") int queueCapacity) {}
