package io.gatefork.gateway.rest.frontend;

import io.gatefork.gateway.rest.write.AnswerOutput;
import io.gatefork.service.job.WatchesCaller;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.ResponseEntity;

/**
 * One request's answer in flight: written once (without waiting on the client, {@link
 * AnswerWriter}), by whichever comes first — the future's value, the async timeout (504, as Spring
 * MVC's timeout answer in {@code RestExceptionHandler}), or a broken connection (nothing to write)
 * — then the async context is completed. When the service future watches its caller, a timeout or
 * error cancels it, so it stops waiting (also when the connection could not be probed: an HTTP/2
 * stream whose end had not come yet), and the end of the request (timeout, error, completion) is
 * reported to the {@link CallerProbe}, if any.
 */
final class PendingAnswer implements AsyncListener {
  private static final Logger LOG = LoggerFactory.getLogger(PendingAnswer.class);
  private final AnswerWriter writer;
  private final AsyncContext async;
  private final HttpServletRequest request;
  private final AtomicBoolean answered = new AtomicBoolean();
  private volatile CallerProbe probe; // null: the connection could not be probed
  private volatile Future<?> source; // null: a future that does not watch its caller

  PendingAnswer(
      final AnswerWriter writer, final AsyncContext async, final HttpServletRequest request) {
    this.writer = writer;
    this.async = async;
    this.request = request;
  }

  /** {@code callerProbe} may be null. */
  void watch(final CallerProbe callerProbe, final Future<?> serviceFuture) {
    source = serviceFuture;
    probe = callerProbe;
  }

  void answer(final ResponseEntity<?> entity) {
    if (!answered.compareAndSet(false, true)) {
      return;
    }
    try {
      writer.write(entity, async); // completes the async context once the answer is out
    } catch (final IllegalStateException clientGone) {
      // the container gave the request up: nobody to tell
      complete();
    } catch (final RuntimeException unwritable) {
      LOG.warn("Could not write the answer to {}", request.getRequestURI(), unwritable);
      complete();
    }
  }

  @Override
  public void onTimeout(final AsyncEvent event) {
    answer(OnePassReturnValueHandler.timedOut());
    callerLost(); // after the answer: the cancelled future's own answer is then ignored
  }

  @Override
  public void onError(final AsyncEvent event) {
    if (answered.compareAndSet(false, true)) {
      complete();
    }
    callerLost();
  }

  @Override
  public void onComplete(final AsyncEvent event) {
    answered.set(true);
    final CallerProbe watching = probe;
    if (watching != null) {
      watching.lost();
    }
    if (AnswerOutput.undelivered(request) && source instanceof final WatchesCaller watched) {
      watched.answerUndelivered(); // its client left while the jobs were written: back at once
    }
  }

  /** Nobody will read an answer: a service future still waiting stops (and gives jobs back). */
  private void callerLost() {
    final CallerProbe watching = probe;
    if (watching != null) {
      watching.lost();
    }
    final Future<?> waiting = source;
    if (waiting != null) {
      waiting.cancel(false);
    }
  }

  @Override
  public void onStartAsync(final AsyncEvent event) {
    // not restarted
  }

  private void complete() {
    try {
      async.complete();
    } catch (final IllegalStateException alreadyCompleted) {
      // the container completed it (error, shutdown)
    }
  }
}
