package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJobImpl;
import io.gatefork.broker.client.jobs.JobPushConsumer;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.job.HeldJobs.Held;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.agrona.DirectBuffer;

/**
 * Hands the jobs pushed to one stream to its waiting requests. A pushed job answers the oldest
 * waiting request whose caller is still there. With none, it is held for the hold timeout: a REST
 * worker has one activation in flight, so between an answer and its next request nobody waits, and
 * the next request takes the held jobs at once instead of walking. A job nobody took by then (or
 * pushed while the hold is full or off) is refused, which makes the broker yield it: activatable
 * again at once.
 */
final class PushHandOff implements JobPushConsumer {
  // an expected outcome, not a bug: shared and without a stack trace
  private static final ServiceException NOBODY_WAITING =
      new ServiceException(
          ServiceStatus.RESOURCE_EXHAUSTED,
          "Expected to hand a pushed job to a waiting activation, but none is waiting");

  private final WaitingQueue queue;
  private final HeldJobs held;
  private final JobTypeWaiters<?> waiters;
  private final StreamMetrics metrics;
  private final Executor executor;
  private final long holdNanos;

  /**
   * @param waiters the type's long-polling waiters: a refused job changes their generation
   * @param executor where pushes are handed out: the API executor
   * @param holdNanos how long a job nobody waits for is held; 0: refused at once
   */
  PushHandOff(
      final WaitingQueue queue,
      final HeldJobs held,
      final JobTypeWaiters<?> waiters,
      final StreamMetrics metrics,
      final Executor executor,
      final long holdNanos) {
    this.queue = queue;
    this.held = held;
    this.waiters = waiters;
    this.metrics = metrics;
    this.executor = executor;
    this.holdNanos = holdNanos;
  }

  /** On the stream actor: hop onto the API executor, where the job is handed out. */
  @Override
  public CompletionStage<Void> push(final DirectBuffer payload) {
    final var delivered = new CompletableFuture<Void>();
    if (queue.isEmpty()) {
      // nobody waits (also: closed, for a closed stream has no users): spares the hop
      hold(payload, delivered);
      return delivered;
    }
    try {
      executor.execute(() -> deliver(payload, delivered));
    } catch (final RejectedExecutionException e) {
      refuse(delivered, e);
    }
    return delivered;
  }

  private void deliver(final DirectBuffer payload, final CompletableFuture<Void> delivered) {
    final ActivatedJob job;
    try {
      job = toJob(payload);
    } catch (final RuntimeException e) {
      refuse(delivered, e);
      return;
    }
    WaitingActivation request;
    while ((request = queue.takeOldest()) != null) {
      if (request.callerGone()) {
        request.answerGone(); // and the job goes to the next one
      } else if (request.answerPushed(List.of(job))) {
        metrics.served(1);
        delivered.complete(null);
        return;
      }
      // cancelled meanwhile: the next one
    }
    hold(payload, delivered);
  }

  private static ActivatedJob toJob(final DirectBuffer payload) {
    final var pushed = new ActivatedJobImpl();
    pushed.wrap(payload);
    return ActivatedJobs.toActivatedJob(pushed.jobKey(), pushed.jobRecord());
  }

  /** Keeps a job nobody waits for until the next request or the hold timeout, whichever first. */
  private void hold(final DirectBuffer payload, final CompletableFuture<Void> delivered) {
    if (holdNanos == 0 || !held.add(new Held(payload, delivered, System.nanoTime() + holdNanos))) {
      refuse(delivered, NOBODY_WAITING);
      return;
    }
    metrics.held();
    if (!queue.isEmpty()) {
      // a request parked while this was being held: it would otherwise wait for the timeout
      try {
        executor.execute(this::handHeldToWaiting);
      } catch (final RejectedExecutionException e) {
        // shutting down: closing the stream gives the job back
      }
    }
  }

  /**
   * Answers a request that is not parked (it is starting its walk) with held jobs.
   *
   * @return false when nothing was held: the request walks as usual
   */
  boolean answerFromHeld(final WaitingActivation request) {
    final List<Held> taken = held.take(request.remaining());
    if (taken.isEmpty()) {
      return false;
    }
    if (!answer(request, taken)) {
      // cancelled before it was answered: it needs no walk either
      taken.forEach(this::refuse);
    }
    return true;
  }

  /** Pairs held jobs with waiting requests, oldest with oldest; on the API executor. */
  void handHeldToWaiting() {
    while (true) {
      final WaitingActivation request;
      final List<Held> taken;
      // one lock over both: a claimed request always gets jobs, taken jobs always a request
      synchronized (held) {
        if (held.isEmpty()) {
          return;
        }
        request = queue.takeOldest();
        if (request == null) {
          return;
        }
        taken = request.callerGone() ? List.of() : held.take(request.remaining());
      }
      if (taken.isEmpty()) {
        request.answerGone();
      } else if (!answer(request, taken)) {
        taken.forEach(this::refuse);
      }
    }
  }

  private boolean answer(final WaitingActivation request, final List<Held> taken) {
    final List<ActivatedJob> answer = new ArrayList<>(taken.size());
    for (final Held h : taken) {
      try {
        answer.add(toJob(h.payload()));
      } catch (final RuntimeException e) {
        refuse(h.delivered(), e);
      }
    }
    if (!request.answerPushed(answer)) {
      return false;
    }
    for (final Held h : taken) {
      h.delivered().complete(null); // no-op for one refused above
    }
    metrics.served(answer.size());
    return true;
  }

  /** Refuses the held jobs whose hold timeout passed; on the sweeping thread. */
  void expireHeld(final long nowNanos) {
    held.takeExpired(nowNanos).forEach(this::refuse);
  }

  /** Refuses every held job and holds none from now on (the stream closes). */
  void refuseHeld() {
    held.close().forEach(this::refuse);
  }

  private void refuse(final Held h) {
    refuse(h.delivered(), NOBODY_WAITING);
  }

  /** The broker yields the job; the next request of the type walks instead of waiting. */
  private void refuse(final CompletableFuture<Void> delivered, final Throwable reason) {
    if (delivered.isDone()) {
      return;
    }
    waiters.notified();
    metrics.handedBack(1);
    delivered.completeExceptionally(reason);
  }
}
