package io.gatefork.gateway.grpc.metrics;

import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestTiming;
import io.grpc.Context;

/**
 * Carries a call's {@link RequestTiming}, {@link Operation} and client address from the transport
 * to the endpoint.
 */
public final class StageTimingContext {

  static final Context.Key<RequestTiming> TIMING = Context.key("gatefork-request-timing");
  static final Context.Key<Operation> OPERATION = Context.key("gatefork-operation");
  static final Context.Key<StageTimingTracerFactory.StageTimingTracer> CALL =
      Context.key("gatefork-call");

  private StageTimingContext() {}

  /**
   * The timing of the call being handled, or a fresh one when the server runs without {@link
   * StageTimingTracerFactory} (e.g. an endpoint bound into another server).
   */
  public static RequestTiming current() {
    final RequestTiming timing = TIMING.get();
    return timing != null ? timing : RequestTiming.startNow();
  }

  /**
   * The operation of the call being handled; null when the server runs without {@link
   * StageTimingTracerFactory}.
   */
  public static Operation operation() {
    return OPERATION.get();
  }

  /**
   * The IP address of the client of the call being handled; null when the transport does not say
   * (in-process) or the server runs without {@link StageTimingTracerFactory}.
   */
  public static String remoteAddress() {
    final var call = CALL.get();
    return call != null ? call.remoteAddress() : null;
  }
}
