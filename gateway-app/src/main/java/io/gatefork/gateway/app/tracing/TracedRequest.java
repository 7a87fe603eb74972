package io.gatefork.gateway.app.tracing;

import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestOutcome;
import io.gatefork.service.stage.RequestSpan;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.stage.Stage;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.concurrent.TimeUnit;

/** One request's server span and, when it ends, its stages as child spans. */
final class TracedRequest implements RequestSpan {
  static final AttributeKey<String> API = AttributeKey.stringKey("gatefork.api");
  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gatefork.operation");
  static final AttributeKey<String> STAGE = AttributeKey.stringKey("gatefork.stage");
  static final AttributeKey<Boolean> SHED = AttributeKey.booleanKey("gatefork.shed");
  static final AttributeKey<Long> HTTP_STATUS = AttributeKey.longKey("http.response.status_code");
  static final AttributeKey<Long> GRPC_STATUS = AttributeKey.longKey("rpc.grpc.status_code");
  static final AttributeKey<String> RPC_SYSTEM = AttributeKey.stringKey("rpc.system");

  /** The stages a span shows as children: every one but the whole. */
  private static final Stage[] CHILD_STAGES = {
    Stage.FILTER, Stage.DISPATCH, Stage.BROKER, Stage.QUEUE, Stage.MAPPING, Stage.WRITE
  };

  private final Tracer tracer;
  private final Span span;
  private final Api api;
  private final OpenTelemetryRequestTracer.Clock clock;

  TracedRequest(
      final Tracer tracer,
      final Span span,
      final Api api,
      final OpenTelemetryRequestTracer.Clock clock) {
    this.tracer = tracer;
    this.span = span;
    this.api = api;
    this.clock = clock;
  }

  @Override
  public String traceparent() {
    final SpanContext context = span.getSpanContext();
    return "00-"
        + context.getTraceId()
        + "-"
        + context.getSpanId()
        + "-"
        + context.getTraceFlags().asHex();
  }

  @Override
  public Scope open() {
    return span.makeCurrent()::close;
  }

  @Override
  public void end(
      final Operation operation, final RequestTiming timing, final RequestOutcome outcome) {
    if (!span.isRecording()) {
      span.end(); // not sampled: nothing is exported
      return;
    }
    if (operation != null) {
      span.updateName(operation.tag());
      span.setAttribute(OPERATION, operation.tag());
    }
    if (api == Api.REST) {
      span.setAttribute(HTTP_STATUS, outcome.code());
    } else {
      span.setAttribute(RPC_SYSTEM, "grpc");
      span.setAttribute(GRPC_STATUS, outcome.code());
    }
    if (outcome.shed()) {
      span.setAttribute(SHED, true);
    }
    if (outcome.error()) {
      span.setStatus(StatusCode.ERROR, outcome.codeName());
    }
    final Context parent = Context.root().with(span);
    for (final Stage stage : CHILD_STAGES) {
      final long from = timing.startOf(stage);
      final long to = timing.endOf(stage);
      if (from != 0 && to != 0) {
        tracer
            .spanBuilder(stage.tag())
            .setParent(parent)
            .setStartTimestamp(clock.epochNanos(from), TimeUnit.NANOSECONDS)
            .setAttribute(STAGE, stage.tag())
            .startSpan()
            .end(clock.epochNanos(Math.max(from, to)), TimeUnit.NANOSECONDS);
      }
    }
    span.end(clock.epochNanos(timing.endOf(Stage.TOTAL)), TimeUnit.NANOSECONDS);
  }
}
