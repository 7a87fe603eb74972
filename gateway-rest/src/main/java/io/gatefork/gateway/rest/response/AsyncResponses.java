package io.gatefork.gateway.rest.response;

import io.gatefork.broker.client.Timeouts;
import io.gatefork.gateway.rest.error.ProblemResponses;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Turns a service future into the controller's future. Success and failure both become a
 * ResponseEntity on the thread that completes the service future (the API executor), so a rejected
 * command (e.g. backpressure) is answered without an exception travelling through Spring MVC's
 * exception resolvers.
 */
public final class AsyncResponses {
  /** What an answer may take beyond the client's own timeout (broker round trip, scheduling). */
  public static final Duration CLIENT_TIMEOUT_GRACE = Duration.ofSeconds(10);

  private static final ResponseEntity<Object> NO_CONTENT = ResponseEntity.noContent().build();
  private static final ResponseEntity<Object> OK_EMPTY = ResponseEntity.ok().build();

  private AsyncResponses() {}

  /** 200 with the mapped body. */
  public static <T> CompletableFuture<ResponseEntity<Object>> ok(
      final CompletableFuture<T> result, final Function<? super T, ?> toBody) {
    return result.handle(
        (value, failure) ->
            failure == null
                ? ResponseEntity.ok(toBody.apply(value))
                : ProblemResponses.of(failure));
  }

  /** 201 with the mapped body (identity entities created). */
  public static <T> CompletableFuture<ResponseEntity<Object>> created(
      final CompletableFuture<T> result, final Function<? super T, ?> toBody) {
    return result.handle(
        (value, failure) ->
            failure == null
                ? ResponseEntity.status(HttpStatus.CREATED).body(toBody.apply(value))
                : ProblemResponses.of(failure));
  }

  /** 200 without body, where the spec answers a command with 200 and no content. */
  public static CompletableFuture<ResponseEntity<Object>> okEmpty(
      final CompletableFuture<Void> result) {
    return result.handle(
        (ignored, failure) -> failure == null ? OK_EMPTY : ProblemResponses.of(failure));
  }

  /** 204 without body. */
  public static CompletableFuture<ResponseEntity<Object>> noContent(
      final CompletableFuture<Void> result) {
    return result.handle(
        (ignored, failure) -> failure == null ? NO_CONTENT : ProblemResponses.of(failure));
  }

  /**
   * For answers that may legitimately take as long as the client asked (long polling,
   * awaitCompletion): the servlet async timeout becomes the client's timeout plus {@link
   * #CLIENT_TIMEOUT_GRACE}, so the service layer, which owns the deadline, answers first even when
   * the client asks for more than the container's default (Tomcat: 30 s). Without a client timeout
   * (null or not positive) the default async timeout applies.
   */
  public static DeferredResult<ResponseEntity<Object>> withClientTimeout(
      final CompletableFuture<ResponseEntity<Object>> response, final Duration clientTimeout) {
    return withClientTimeout(response, clientTimeout, null);
  }

  /**
   * As {@link #withClientTimeout(CompletableFuture, Duration)}, keeping the service future the
   * response is made from: when it {@link io.gatefork.service.job.WatchesCaller watches its
   * caller}, the front end tells it whether the client is still connected, and cancels it when the
   * container gives the request up.
   */
  public static DeferredResult<ResponseEntity<Object>> withClientTimeout(
      final CompletableFuture<ResponseEntity<Object>> response,
      final Duration clientTimeout,
      final CompletableFuture<?> source) {
    final Long timeoutMillis =
        clientTimeout == null || clientTimeout.isNegative() || clientTimeout.isZero()
            ? null
            // saturating: a client may ask for Long.MAX_VALUE milliseconds
            : Timeouts.plusMillis(Timeouts.millis(clientTimeout), CLIENT_TIMEOUT_GRACE.toMillis());
    return new ClientTimedResult(response, timeoutMillis, source);
  }
}
