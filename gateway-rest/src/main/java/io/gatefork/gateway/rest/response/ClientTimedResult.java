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

  ClientTimedResult(
      final CompletableFuture<ResponseEntity<Object>> answer, final Long timeoutMillis) {
    super(timeoutMillis);
    this.answer = answer;
    this.timeoutMillis = timeoutMillis;
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

  /** Milliseconds, or null for the container's default. */
  public Long timeoutMillis() {
    return timeoutMillis;
  }
}
