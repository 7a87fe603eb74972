package io.gatefork.gateway.rest.response;

import io.gatefork.gateway.rest.error.ProblemResponses;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.ResponseEntity;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * An answer that may take as long as the client asked (see {@link
 * AsyncResponses#withClientTimeout}). A DeferredResult for Spring MVC's own async handling, which
 * also keeps the answer's future and its timeout for the one-pass front end, since DeferredResult
 * does not publish its timeout.
 */
public final class ClientTimedResult extends DeferredResult<ResponseEntity<Object>> {
  private final CompletableFuture<ResponseEntity<Object>> answer;
  private final Long timeoutMillis;
  private final CompletableFuture<?> source;

  ClientTimedResult(
      final CompletableFuture<ResponseEntity<Object>> answer,
      final Long timeoutMillis,
      final CompletableFuture<?> source) {
    super(timeoutMillis);
    this.answer = answer;
    this.timeoutMillis = timeoutMillis;
    this.source = source;
    answer.whenComplete(
        (value, failure) -> {
          if (failure == null) {
            setResult(value);
          } else {
            setErrorResult(ProblemResponses.unwrap(failure));
          }
        });
  }

  public CompletableFuture<ResponseEntity<Object>> answer() {
    return answer;
  }

  /** The service future the answer is made from, or null when the controller did not keep it. */
  public CompletableFuture<?> source() {
    return source;
  }

  /** Milliseconds, or null for the container's default. */
  public Long timeoutMillis() {
    return timeoutMillis;
  }
}
