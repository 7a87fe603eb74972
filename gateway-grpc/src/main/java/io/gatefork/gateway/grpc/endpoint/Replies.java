package io.gatefork.gateway.grpc.endpoint;

import com.google.protobuf.Message;
import io.gatefork.gateway.grpc.error.GrpcStatusMapper;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Answers a unary call from a service future. The future completes on the API executor, which then
 * maps and writes the response: one thread calls {@code onNext} and {@code onCompleted}, so the
 * observer needs no further synchronisation, and no gRPC or Netty thread waits for the broker.
 */
final class Replies {

  private static final String REQUEST = "Request";

  private Replies() {}

  /**
   * @param request what was asked: a refused field is worded with the RPC's name ({@link #rpc})
   */
  static <T, R> void unary(
      final CompletableFuture<T> result,
      final StreamObserver<R> observer,
      final Function<? super T, ? extends R> mapper,
      final Message request) {
    result.whenComplete(
        (value, failure) -> {
          if (failure != null) {
            fail(observer, request, failure);
            return;
          }
          final R response;
          try {
            response = mapper.apply(value);
          } catch (final RuntimeException e) {
            fail(observer, GrpcStatusMapper.toStatus(e));
            return;
          }
          observer.onNext(response);
          observer.onCompleted();
        });
  }

  static void fail(final StreamObserver<?> observer, final Status status) {
    observer.onError(GrpcStatusMapper.toException(status));
  }

  static void fail(final StreamObserver<?> observer, final Throwable failure) {
    fail(observer, GrpcStatusMapper.toStatus(failure));
  }

  /** A failure of the call that asked {@code request}; refused fields worded for its RPC. */
  static void fail(
      final StreamObserver<?> observer, final Message request, final Throwable failure) {
    fail(observer, GrpcStatusMapper.toStatus(rpc(request), failure));
  }

  /**
   * The RPC a request message belongs to: {@code CompleteJobRequest} is {@code CompleteJob}'s. Only
   * on the failure path: nothing is computed for a call that succeeds.
   */
  static String rpc(final Message request) {
    final String message = request.getDescriptorForType().getName();
    return message.endsWith(REQUEST)
        ? message.substring(0, message.length() - REQUEST.length())
        : message;
  }
}
