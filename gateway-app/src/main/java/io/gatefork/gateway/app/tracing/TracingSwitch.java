package io.gatefork.gateway.app.tracing;

import java.util.Set;
import java.util.TreeSet;
import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.util.StringUtils;

/**
 * Switches tracing on only where it is wanted: Spring Boot's tracing and OpenTelemetry
 * auto-configuration is left out entirely unless {@code management.otlp.tracing.endpoint} is set
 * (and {@code management.tracing.enabled} is not {@code false}). Boot alone would still build a
 * tracer without an exporter, sample every tenth request into nothing, and ask the current span for
 * an exemplar on every histogram sample.
 *
 * <p>With tracing on, Boot's observation handlers stay out ({@code
 * MicrometerTracingAutoConfiguration}): the gateway's spans come from its own request timing, once
 * per request, and an observation span per HTTP exchange would duplicate them on the API port and
 * add one per scrape on the management port.
 */
public final class TracingSwitch implements AutoConfigurationImportFilter, EnvironmentAware {
  static final String ENDPOINT = "management.otlp.tracing.endpoint";
  static final String ENABLED = "management.tracing.enabled";

  private static final String BOOT = "org.springframework.boot.actuate.autoconfigure.";
  private static final String TRACING = BOOT + "tracing.";
  private static final Set<String> OPEN_TELEMETRY =
      Set.of(
          BOOT + "opentelemetry.OpenTelemetryAutoConfiguration",
          BOOT + "logging.OpenTelemetryLoggingAutoConfiguration",
          BOOT + "logging.otlp.OtlpLoggingAutoConfiguration");
  private static final String OBSERVATION_SPANS = TRACING + "MicrometerTracingAutoConfiguration";
  private static final String SPAN_EXPORT = SpanExportConfiguration.class.getName();

  private Environment environment;

  /**
   * Spring Boot's auto-configurations this names by class (and {@code TRACING}, a package of them):
   * below Boot's public API, so {@code SpringInternalsTest} finds each.
   */
  public static Set<String> namedAutoConfigurations() {
    final Set<String> named = new TreeSet<>(OPEN_TELEMETRY);
    named.add(OBSERVATION_SPANS);
    return named;
  }

  @Override
  public void setEnvironment(final Environment environment) {
    this.environment = environment;
  }

  /** Whether tracing is switched on in {@code environment}. */
  static boolean on(final Environment environment) {
    return StringUtils.hasText(environment.getProperty(ENDPOINT))
        && environment.getProperty(ENABLED, Boolean.class, true);
  }

  @Override
  public boolean[] match(
      final String[] autoConfigurationClasses, final AutoConfigurationMetadata metadata) {
    final boolean on = on(environment);
    final boolean[] match = new boolean[autoConfigurationClasses.length];
    for (int i = 0; i < match.length; i++) {
      final String name = autoConfigurationClasses[i];
      match[i] =
          name == null
              || (on
                  ? !name.equals(OBSERVATION_SPANS)
                  : !name.startsWith(TRACING)
                      && !OPEN_TELEMETRY.contains(name)
                      && !name.equals(SPAN_EXPORT));
    }
    return match;
  }
}
