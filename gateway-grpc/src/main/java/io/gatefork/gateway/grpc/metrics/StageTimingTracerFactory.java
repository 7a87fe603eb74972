package io.gatefork.gateway.grpc.metrics;

import io.gatefork.gateway.grpc.operation.GatewayOperations;
import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestOutcome;
import io.gatefork.service.stage.RequestSpan;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.stage.RequestTracer;
import io.gatefork.service.stage.StageMetrics;
import io.grpc.Context;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerStreamTracer;
import io.grpc.Status;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Per-stage latency of every served call, recorded on {@link StageMetrics} with api {@code grpc}.
 *
 * <p>A stream tracer rather than an interceptor because it sees the two ends of the call where they
 * really happen, on the transport: {@code accepted} is taken when Netty has decoded the call's
 * headers (before any executor queue, so {@link
 * io.gatefork.gateway.grpc.server.GrpcExecutorMode#POOLED} queueing shows up in the {@code filter}
 * stage instead of hiding), and {@code committed} when the transport has closed the stream after
 * writing the trailers. The timing and the call's operation reach the endpoint through the call's
 * {@link Context} ({@link StageTimingContext}), which grpc-java attaches around every handler
 * callback; so does the client's address, which the tracer is told of when the call starts (no
 * interceptor and no context of its own needed).
 *
 * <p>Calls the client cancelled are not recorded: no response was committed, and their duration is
 * the client's choice, not ours. (A client deadline usually arrives as such a cancellation.) Nor
 * are calls that never reached the endpoint (shed by admission, refused by authentication, an
 * unreadable message), as on the REST side, nor job streams, which have no request latency.
 *
 * <p>With tracing on, the tracer also starts each call's span here (continuing the caller's W3C
 * trace context from the call's metadata) and ends it when the stream closes: every call,
 * cancelled, shed and refused ones included, and job streams, whose span lasts as long as the
 * stream and shows the jobs handed out as events. {@link TracingScopeInterceptor} keeps it current.
 */
public final class StageTimingTracerFactory extends ServerStreamTracer.Factory {

  private static final ServerStreamTracer UNSERVED = new ServerStreamTracer() {};

  private final StageMetrics stageMetrics;
  private final RequestTracer tracer;

  /**
   * @param tracer null when tracing is off
   */
  public StageTimingTracerFactory(final StageMetrics stageMetrics, final RequestTracer tracer) {
    this.stageMetrics = stageMetrics;
    this.tracer = tracer;
  }

  @Override
  public ServerStreamTracer newServerStreamTracer(
      final String fullMethodName, final Metadata headers) {
    final Operation operation = GatewayOperations.of(fullMethodName);
    if (operation == null) {
      return UNSERVED;
    }
    final RequestTiming timing = RequestTiming.startNow();
    if (tracer != null) {
      timing.traced(tracer.start(Api.GRPC, timing, headers, TracingScopeInterceptor::header));
    }
    return new StageTimingTracer(stageMetrics, operation, timing);
  }

  static final class StageTimingTracer extends ServerStreamTracer {
    private final StageMetrics stageMetrics;
    private final Operation operation;
    private final RequestTiming timing;
    private volatile SocketAddress remoteAddress;

    private StageTimingTracer(
        final StageMetrics stageMetrics, final Operation operation, final RequestTiming timing) {
      this.stageMetrics = stageMetrics;
      this.operation = operation;
      this.timing = timing;
    }

    @Override
    public Context filterContext(final Context context) {
      return context.withValues(
          StageTimingContext.TIMING,
          timing,
          StageTimingContext.OPERATION,
          operation,
          StageTimingContext.CALL,
          this);
    }

    @Override
    public void serverCallStarted(final ServerCallInfo<?, ?> callInfo) {
      // before any interceptor or handler of the call runs
      remoteAddress = callInfo.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
    }

    /** The client's IP address; null when the transport does not say (in-process). */
    String remoteAddress() {
      return remoteAddress instanceof final InetSocketAddress address
          ? address.getHostString()
          : null;
    }

    @Override
    public void streamClosed(final Status status) {
      // called exactly once per stream, on the transport thread
      final RequestSpan span = timing.span();
      if (span != null) {
        traceClosed(span, status);
        return;
      }
      if (recorded(status)) {
        timing.committed();
        stageMetrics.record(Api.GRPC, operation, timing);
      }
    }

    private boolean recorded(final Status status) {
      return status.getCode() != Status.Code.CANCELLED
          && timing.wasEntered()
          && GatewayOperations.isTimed(operation);
    }

    private void traceClosed(final RequestSpan span, final Status status) {
      timing.committed();
      if (recorded(status)) {
        try (RequestSpan.Scope ignored = span.open()) { // the histograms' exemplars name the span
          stageMetrics.record(Api.GRPC, operation, timing);
        }
      }
      // only admission answers RESOURCE_EXHAUSTED before the endpoint is entered
      final boolean shed =
          status.getCode() == Status.Code.RESOURCE_EXHAUSTED && !timing.wasEntered();
      span.end(
          operation,
          timing,
          RequestOutcome.grpc(status.getCode().value(), status.getCode().name(), shed));
    }
  }
}
