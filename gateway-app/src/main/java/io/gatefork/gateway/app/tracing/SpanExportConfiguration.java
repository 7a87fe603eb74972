package io.gatefork.gateway.app.tracing;

import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.tracing.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.tracing.TracingProperties;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * The batch span processor, in place of Boot's, with Boot's settings ({@code
 * management.tracing.opentelemetry.export.*}) over the same exporters (OTLP). Boot's puts
 * Micrometer Tracing's {@code CompositeSpanExporter} in front of them, which turns every span into
 * a Micrometer {@code FinishedSpan} and back (a copy of its attributes into a map, then sorted
 * again) for span filters and reporters the gateway has none of: a quarter of the export's CPU in a
 * profile at sampling 1.0. Left out with the rest of tracing when it is off ({@link
 * TracingSwitch}).
 */
@AutoConfiguration(before = OpenTelemetryTracingAutoConfiguration.class)
@EnableConfigurationProperties(TracingProperties.class)
public class SpanExportConfiguration {

  @Bean
  public BatchSpanProcessor gateforkSpanProcessor(
      final ObjectProvider<SpanExporter> exporters, final TracingProperties properties) {
    final TracingProperties.OpenTelemetry.Export export = properties.getOpentelemetry().getExport();
    return BatchSpanProcessor.builder(SpanExporter.composite(exporters.orderedStream().toList()))
        .setExportUnsampledSpans(export.isIncludeUnsampled())
        .setExporterTimeout(export.getTimeout())
        .setMaxExportBatchSize(export.getMaxBatchSize())
        .setMaxQueueSize(export.getMaxQueueSize())
        .setScheduleDelay(export.getScheduleDelay())
        .build();
  }
}
