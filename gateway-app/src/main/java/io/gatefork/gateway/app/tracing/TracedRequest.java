package io.gatefork.gateway.app.tracing;

import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestOutcome;
import io.gatefork.service.stage.RequestSpan;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.stage.Stage;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One request's server span and, when it ends, its stages: the {@code broker} stage as a child span
 * with a span per message sent to a broker below it, the others as events.
 */
final class TracedRequest implements RequestSpan {
  static final AttributeKey<String> API = AttributeKey.stringKey("gatefork.api");
  static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gatefork.operation");
  static final AttributeKey<Long> STAGE_MICROS = AttributeKey.longKey("gatefork.stage.duration_us");
  static final AttributeKey<Boolean> SHED = AttributeKey.booleanKey("gatefork.shed");
  static final AttributeKey<Long> HTTP_STATUS = AttributeKey.longKey("http.response.status_code");
  static final AttributeKey<Long> GRPC_STATUS = AttributeKey.longKey("rpc.grpc.status_code");
  static final AttributeKey<String> RPC_SYSTEM = AttributeKey.stringKey("rpc.system");
  static final AttributeKey<Long> PARTITION = AttributeKey.longKey("gatefork.broker.partition_id");
  static final AttributeKey<Long> NODE = AttributeKey.longKey("gatefork.broker.node_id");
  static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("gatefork.broker.attempt");
  static final AttributeKey<String> BROKER_OUTCOME =
      AttributeKey.stringKey("gatefork.broker.outcome");
  static final AttributeKey<String> RETRY_REASON =
      AttributeKey.stringKey("gatefork.broker.retry_reason");
  static final AttributeKey<Long> JOB_KEY = AttributeKey.longKey("gatefork.job.key");
  static final String BROKER_REQUEST = "broker-request";
  static final String JOB_EVENT = "job";
  private static final String OK = "OK";

  /**
   * The stages a span shows: every one but the whole. {@code broker} is a child span, which holds
   * the messages to the brokers and is a long poll's wait; the others, each well under a
   * millisecond in a healthy gateway, are events at their end with their duration: a span costs
   * several times an event to export, and the budget is 1.15× a create's CPU at sampling
   * 1.0 (docs/tracing.md, "Cost").
   */
  private static final Stage[] SHOWN_STAGES = {
    Stage.FILTER, Stage.DISPATCH, Stage.BROKER, Stage.QUEUE, Stage.MAPPING, Stage.WRITE
  };

  private final Tracer tracer;
  private final Span span;
  private final Api api;
  private final OpenTelemetryRequestTracer.Clock clock;
  private final List<Attempt> attempts = new ArrayList<>(1); // guarded by itself

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

  /**
   * Makes the span current. The logs' MDC ({@code traceId}, {@code spanId}, the keys of Boot's
   * correlation pattern) follows: Boot wraps OpenTelemetry's context storage so that Micrometer
   * Tracing's {@code Slf4JEventListener} writes the MDC on every attach and restores it on close.
   */
  @Override
  public Scope open() {
    return span.makeCurrent()::close;
  }

  @Override
  public void attempted(
      final int partitionId,
      final int brokerNodeId,
      final long sentNanos,
      final long endedNanos,
      final String outcome) {
    if (span.isRecording()) {
      synchronized (attempts) {
        attempts.add(new Attempt(partitionId, brokerNodeId, sentNanos, endedNanos, outcome));
      }
    }
  }

  @Override
  public void jobHandedOut(final long jobKey) {
    if (span.isRecording()) {
      span.addEvent(
          JOB_EVENT,
          Attributes.of(JOB_KEY, jobKey),
          clock.epochNanos(System.nanoTime()),
          TimeUnit.NANOSECONDS);
    }
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
    for (final Stage stage : SHOWN_STAGES) {
      final long from = timing.startOf(stage);
      final long to = timing.endOf(stage);
      if (from == 0 || to == 0) {
        continue; // the request never got there
      }
      final long end = clock.epochNanos(Math.max(from, to));
      if (stage == Stage.BROKER) {
        final Span broker = child(Context.root().with(span), stage.tag(), from);
        endAttempts(Context.root().with(broker));
        broker.end(end, TimeUnit.NANOSECONDS);
      } else {
        span.addEvent(
            stage.tag(),
            Attributes.of(STAGE_MICROS, TimeUnit.NANOSECONDS.toMicros(Math.max(0, to - from))),
            end,
            TimeUnit.NANOSECONDS);
      }
    }
    span.end(clock.epochNanos(timing.endOf(Stage.TOTAL)), TimeUnit.NANOSECONDS);
  }

  private Span child(final Context parent, final String name, final long startNanos) {
    return tracer
        .spanBuilder(name)
        .setParent(parent)
        .setStartTimestamp(clock.epochNanos(startNanos), TimeUnit.NANOSECONDS)
        .startSpan();
  }

  /**
   * A span per message sent to a broker, numbered; one sent after a failed one (a retry on the
   * partition or the next partition) names why the one before failed. A job activation's walk over
   * the partitions sends one per partition: after an answered one it is no retry.
   */
  private void endAttempts(final Context broker) {
    synchronized (attempts) {
      String previous = null;
      for (int i = 0; i < attempts.size(); i++) {
        final Attempt attempt = attempts.get(i);
        final Span child =
            child(broker, BROKER_REQUEST, attempt.sentNanos)
                .setAttribute(PARTITION, attempt.partitionId)
                .setAttribute(NODE, attempt.brokerNodeId)
                .setAttribute(ATTEMPT, i + 1)
                .setAttribute(BROKER_OUTCOME, attempt.outcome);
        if (previous != null && !OK.equals(previous)) {
          child.setAttribute(RETRY_REASON, previous);
        }
        child.end(clock.epochNanos(attempt.endedNanos), TimeUnit.NANOSECONDS);
        previous = attempt.outcome;
      }
    }
  }

  private record Attempt(
      int partitionId, int brokerNodeId, long sentNanos, long endedNanos, String outcome) {}
}
