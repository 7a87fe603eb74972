package io.gatefork.service.testing;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * How the fakes of one {@link FakeServices} hand their scripted futures to the caller. By default
 * as scripted (the caller gets the scripted future itself). After {@link #answerOn}, like the real
 * services: each answer completes on the given executor (the stand-in for the API executor), and
 * the service-side stages are marked on the request's timing (dispatched when called; response
 * received, handling started and result ready on the executor), so that a front end's stage metrics
 * see what they see in production. Cancelling the delivered future cancels the scripted one, as
 * cancelling a real service future gives up the broker request.
 */
public final class FakeDelivery {
  private volatile Executor executor;

  /** From now on, answers complete on this executor with the service stages marked. */
  public void answerOn(final Executor apiExecutor) {
    executor = apiExecutor;
  }

  /** From now on, callers get the scripted futures themselves. */
  public void answerAsScripted() {
    executor = null;
  }

  /** The future the caller gets for the scripted one. */
  public <T> CompletableFuture<T> deliver(
      final RequestContext context, final CompletableFuture<T> scripted) {
    final Executor apiExecutor = executor;
    if (apiExecutor == null) {
      return scripted;
    }
    final var timing = context == null ? null : context.timing();
    if (timing != null) {
      timing.dispatched();
    }
    final var delivered = new CompletableFuture<T>();
    scripted.whenComplete(
        (value, failure) -> {
          try {
            apiExecutor.execute(
                () -> {
                  if (timing != null) {
                    timing.responseReceived();
                    timing.handlingStarted();
                    timing.resultReady();
                  }
                  if (failure != null) {
                    delivered.completeExceptionally(failure);
                  } else {
                    delivered.complete(value);
                  }
                });
          } catch (final RejectedExecutionException e) {
            delivered.completeExceptionally(e);
          }
        });
    delivered.whenComplete(
        (value, failure) -> {
          if (delivered.isCancelled()) {
            scripted.cancel(false);
          }
        });
    return delivered;
  }
}
