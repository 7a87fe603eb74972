package io.gatefork.gateway.grpc.endpoint;

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

  private Replies() {}

  static <T, R> void unary(
      final CompletableFuture<T> result,
      final StreamObserver<R> observer,
      final Function<? super T, ? extends R> mapper) {
    result.whenComplete(
        (value, failure) -> {
          if (failure != null) {
            fail(observer, GrpcStatusMapper.toStatus(failure));
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
}
