package io.gatefork.gateway.grpc.metrics;

import io.gatefork.service.stage.RequestTiming;
import io.grpc.Context;

/** Carries a call's {@link RequestTiming} from the transport to the endpoint. */
public final class StageTimingContext {

  static final Context.Key<RequestTiming> KEY = Context.key("gatefork-request-timing");

  private StageTimingContext() {}

  /**
   * The timing of the call being handled, or a fresh one when the server runs without {@link
   * StageTimingTracerFactory} (e.g. an endpoint bound into another server).
   */
  public static RequestTiming current() {
    final RequestTiming timing = KEY.get();
    return timing != null ? timing : RequestTiming.startNow();
  }
}
