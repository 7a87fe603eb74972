package io.gatefork.gateway.app.tracing;

import io.gatefork.service.operation.Api;
import io.gatefork.service.stage.RequestSpan;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.stage.RequestTracer;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@link RequestTracer} on the OpenTelemetry SDK Spring Boot configures (sampler, OTLP exporter,
 * propagation from {@code management.tracing.*} and {@code management.otlp.tracing.*}). Spans are
 * stamped with the request's own {@link RequestTiming} marks, so a span starts where the stage
 * metrics start timing and its children are the stages the metrics record.
 */
final class OpenTelemetryRequestTracer implements RequestTracer {
  private final Tracer tracer;
  private final TextMapPropagator propagator;
  private final Clock clock = new Clock();

  OpenTelemetryRequestTracer(final Tracer tracer, final TextMapPropagator propagator) {
    this.tracer = tracer;
    this.propagator = propagator;
  }

  @Override
  public <H> RequestSpan start(
      final Api api, final RequestTiming timing, final H headers, final HeaderReader<H> reader) {
    final Context parent = propagator.extract(Context.root(), headers, new Getter<>(reader));
    final Span span =
        tracer
            .spanBuilder(api.tag())
            .setParent(parent)
            .setSpanKind(SpanKind.SERVER)
            .setStartTimestamp(clock.epochNanos(timing.acceptedNanos()), TimeUnit.NANOSECONDS)
            .setAttribute(TracedRequest.API, api.tag())
            .startSpan();
    return new TracedRequest(tracer, span, api, clock);
  }

  /** {@link System#nanoTime()} marks on the wall clock, anchored once. */
  static final class Clock {
    private final long anchorEpochNanos;
    private final long anchorNanoTime;

    Clock() {
      final Instant now = Instant.now();
      anchorNanoTime = System.nanoTime();
      anchorEpochNanos = TimeUnit.SECONDS.toNanos(now.getEpochSecond()) + now.getNano();
    }

    long epochNanos(final long nanoTime) {
      return anchorEpochNanos + (nanoTime - anchorNanoTime);
    }
  }

  private record Getter<H>(HeaderReader<H> reader) implements TextMapGetter<H> {
    @Override
    public Iterable<String> keys(final H headers) {
      return List.of(); // the W3C propagator asks for its headers by name
    }

    @Override
    public String get(final H headers, final String key) {
      return headers == null ? null : reader.get(headers, key);
    }
  }
}
