package io.gatefork.gateway.grpc.endpoint;

import com.google.protobuf.Message;
import io.gatefork.gateway.grpc.auth.CallerContext;
import io.gatefork.gateway.grpc.metrics.StageTimingContext;
import io.gatefork.service.RequestContext;
import io.gatefork.service.stage.RequestTiming;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The two shapes of every RPC's opening: enter (the request's timing, caller and operation, from
 * the interceptors' context), check what only a gRPC request can get wrong (such a request never
 * reaches the service), then call the asynchronous service, which applies the field rules shared
 * with REST. A {@link #unary} call is answered by the thread that completes the service's future; a
 * {@link #started} one (a long poll, a job stream) is handed back to the RPC, which wires its own
 * answers.
 */
final class RpcShapes {
  private RpcShapes() {}

  /** A unary RPC: its reply is written by the thread that completes the service's future. */
  static <Q extends Message, S, R> void unary(
      final Q request,
      final StreamObserver<R> observer,
      final Function<Q, Status> validate,
      final BiFunction<RequestContext, Q, CompletableFuture<S>> call,
      final Function<? super S, ? extends R> toResponse) {
    final CompletableFuture<S> result = started(request, observer, validate, call);
    if (result != null) {
      Replies.unary(result, observer, toResponse, request);
    }
  }

  /**
   * An RPC whose answers the caller wires itself: what {@code start} returned, or null when the
   * call was refused (invalid, or the service threw) and has been answered already.
   */
  static <Q extends Message, T> T started(
      final Q request,
      final StreamObserver<?> observer,
      final Function<Q, Status> validate,
      final BiFunction<RequestContext, Q, T> start) {
    final RequestContext context = enter();
    final Status invalid = validate.apply(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return null;
    }
    try {
      return start.apply(context, request);
    } catch (final RuntimeException e) {
      Replies.fail(observer, request, e);
      return null;
    }
  }

  /** The request's context, its stage timing entered. */
  static RequestContext enter() {
    final RequestTiming timing = StageTimingContext.current();
    timing.entered();
    return new RequestContext(
        timing,
        CallerContext.current(),
        StageTimingContext.operation(),
        StageTimingContext.remoteAddress());
  }
}
