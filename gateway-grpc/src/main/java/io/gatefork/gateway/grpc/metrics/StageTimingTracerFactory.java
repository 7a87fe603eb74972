package io.gatefork.gateway.grpc.metrics;

import io.gatefork.gateway.grpc.operation.GatewayOperations;
import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.stage.StageMetrics;
import io.grpc.Context;
import io.grpc.Metadata;
import io.grpc.ServerStreamTracer;
import io.grpc.Status;

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
 * callback.
 *
 * <p>Calls the client cancelled are not recorded: no response was committed, and their duration is
 * the client's choice, not ours. (A client deadline usually arrives as such a cancellation.) Nor
 * are calls that never reached the endpoint (shed by admission, refused by authentication, an
 * unreadable message), as on the REST side, nor job streams, which have no request latency.
 */
public final class StageTimingTracerFactory extends ServerStreamTracer.Factory {

  private static final ServerStreamTracer UNSERVED = new ServerStreamTracer() {};

  private final StageMetrics stageMetrics;

  public StageTimingTracerFactory(final StageMetrics stageMetrics) {
    this.stageMetrics = stageMetrics;
  }

  @Override
  public ServerStreamTracer newServerStreamTracer(
      final String fullMethodName, final Metadata headers) {
    final Operation operation = GatewayOperations.of(fullMethodName);
    return operation == null
        ? UNSERVED
        : new StageTimingTracer(stageMetrics, operation, RequestTiming.startNow());
  }

  private static final class StageTimingTracer extends ServerStreamTracer {
    private final StageMetrics stageMetrics;
    private final Operation operation;
    private final RequestTiming timing;

    private StageTimingTracer(
        final StageMetrics stageMetrics, final Operation operation, final RequestTiming timing) {
      this.stageMetrics = stageMetrics;
      this.operation = operation;
      this.timing = timing;
    }

    @Override
    public Context filterContext(final Context context) {
      return context.withValues(
          StageTimingContext.TIMING, timing, StageTimingContext.OPERATION, operation);
    }

    @Override
    public void streamClosed(final Status status) {
      // called exactly once per stream, on the transport thread
      if (status.getCode() == Status.Code.CANCELLED
          || !timing.wasEntered()
          || !GatewayOperations.isTimed(operation)) {
        return;
      }
      timing.committed();
      stageMetrics.record(Api.GRPC, operation, timing);
    }
  }
}
