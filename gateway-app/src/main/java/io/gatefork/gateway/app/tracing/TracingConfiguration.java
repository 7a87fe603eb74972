package io.gatefork.gateway.app.tracing;

import io.gatefork.service.stage.RequestTracer;
import io.opentelemetry.api.OpenTelemetry;
import org.springframework.boot.actuate.autoconfigure.opentelemetry.OpenTelemetryAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.tracing.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Bean;

/**
 * The gateway's {@link RequestTracer}, on the OpenTelemetry SDK Spring Boot configures; there is
 * none (and the front ends trace nothing) unless {@link TracingSwitch} lets Boot's tracing in.
 */
@AutoConfiguration(
    after = {OpenTelemetryAutoConfiguration.class, OpenTelemetryTracingAutoConfiguration.class})
@ConditionalOnBean(OpenTelemetry.class)
public class TracingConfiguration {
  static final String INSTRUMENTATION_SCOPE = "io.gatefork.gateway";

  @Bean
  public RequestTracer gateforkRequestTracer(final OpenTelemetry openTelemetry) {
    return new OpenTelemetryRequestTracer(
        openTelemetry.getTracer(INSTRUMENTATION_SCOPE),
        openTelemetry.getPropagators().getTextMapPropagator());
  }
}
