package io.gatefork.gateway.app.config;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Serves the legacy {@code camunda.rest.apiExecutor.*} keys under their unified names {@code
 * camunda.api.rest.executor.*}, in a property source behind every other one: a unified key set
 * anywhere wins, a legacy key wins over the default, as in the stock 8.8 gateway. So the defaults
 * stay in one place, {@link ApiExecutorProperties}. Runs after the config files are loaded.
 */
public final class LegacyApiExecutorKeys implements EnvironmentPostProcessor, Ordered {
  static final String SOURCE_NAME = "legacy camunda.rest.apiExecutor keys";
  private static final String LEGACY = "camunda.rest.api-executor";
  private static final String UNIFIED = "camunda.api.rest.executor.";

  @Override
  public void postProcessEnvironment(
      final ConfigurableEnvironment environment, final SpringApplication application) {
    final Map<String, Object> unified =
        asUnified(
            Binder.get(environment).bind(LEGACY, LegacyApiExecutorProperties.class).orElse(null));
    if (!unified.isEmpty()) {
      environment.getPropertySources().addLast(new MapPropertySource(SOURCE_NAME, unified));
    }
  }

  /** The legacy values that are set, under their unified names. */
  static Map<String, Object> asUnified(final LegacyApiExecutorProperties legacy) {
    final Map<String, Object> unified = new LinkedHashMap<>();
    if (legacy == null) {
      return unified;
    }
    putIfSet(unified, "core-pool-size-multiplier", legacy.corePoolSizeMultiplier());
    putIfSet(unified, "max-pool-size-multiplier", legacy.maxPoolSizeMultiplier());
    if (legacy.keepAliveSeconds() != null) {
      unified.put(UNIFIED + "keep-alive", legacy.keepAliveSeconds() + "s");
    }
    putIfSet(unified, "queue-capacity", legacy.queueCapacity());
    return unified;
  }

  private static void putIfSet(final Map<String, Object> map, final String key, final Integer v) {
    if (v != null) {
      map.put(UNIFIED + key, v);
    }
  }

  @Override
  public int getOrder() {
    // after ConfigDataEnvironmentPostProcessor, so application.yaml and profiles are visible
    return Ordered.LOWEST_PRECEDENCE;
  }
}
