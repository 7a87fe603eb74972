package io.gatefork.dist.helm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;

/**
 * What the gateway's Spring environment holds inside a rendered pod, in the application's order of
 * precedence: the container's environment variables, then the mounted
 * /usr/local/zeebe/config/application.yaml (imported by the application's own file), then the
 * application.yaml in the jar. Field references are resolved as Kubernetes would, with a made-up
 * pod name and IP.
 */
public final class PodEnvironment {
  public static final String POD_NAME = "gatefork-7d9c6b5f4-x2k8q";
  public static final String POD_IP = "10.42.7.19";

  private final MutablePropertySources sources = new MutablePropertySources();

  public PodEnvironment(
      final List<Map<String, Object>> containerEnv, final String mountedApplicationYaml) {
    final Map<String, Object> env = new LinkedHashMap<>();
    for (final var variable : containerEnv) {
      env.put((String) variable.get("name"), valueOf(variable));
    }
    // the name makes Spring apply its environment-variable mapping (FOO_BAR -> foo.bar)
    sources.addLast(
        new SystemEnvironmentPropertySource(
            StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, env));
    try {
      final var loader = new YamlPropertySourceLoader();
      loader
          .load(
              "mounted application.yaml",
              new ByteArrayResource(mountedApplicationYaml.getBytes(StandardCharsets.UTF_8)))
          .forEach(sources::addLast);
      loader
          .load("jar application.yaml", new ClassPathResource("application.yaml"))
          .forEach(sources::addLast);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object valueOf(final Map<String, Object> variable) {
    if (variable.containsKey("value")) {
      return String.valueOf(variable.get("value"));
    }
    final String field = RenderedChart.at(variable, "valueFrom.fieldRef.fieldPath");
    return switch (String.valueOf(field)) {
      case "metadata.name" -> POD_NAME;
      case "status.podIP" -> POD_IP;
      default -> throw new AssertionError("unexpected env source " + variable);
    };
  }

  public Binder binder() {
    return new Binder(
        ConfigurationPropertySources.from(sources),
        new PropertySourcesPlaceholdersResolver(sources));
  }

  /** Binds a configuration-properties record under its prefix, with its defaults. */
  public <T> T bind(final String prefix, final Class<T> type) {
    return binder().bindOrCreate(prefix, Bindable.of(type));
  }

  public <T> T get(final String key, final Class<T> type) {
    return binder()
        .bind(key, Bindable.of(type))
        .orElseThrow(() -> new AssertionError("no value for " + key));
  }
}
