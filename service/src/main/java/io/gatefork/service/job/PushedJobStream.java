package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJobImpl;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.gatefork.broker.client.jobs.JobPushConsumer;
import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.stage.RequestSpan;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.agrona.DirectBuffer;

/**
 * One open job stream: takes the broker's pushes (on the stream actor), hops onto the API executor
 * and hands each job to the observer there. A job the observer cannot take fails the push, which
 * makes the broker yield it back.
 *
 * <p>Its {@link StreamRegistration} removes it from the brokers when it closes, also when that
 * comes before it was registered.
 */
final class PushedJobStream implements OpenJobStream, JobPushConsumer {
  // expected outcomes, not bugs: shared and without a stack trace
  private static final ServiceException NOT_READY =
      new ServiceException(
          ServiceStatus.RESOURCE_EXHAUSTED,
          "Expected to push a job to the stream, but the client cannot take more right now");
  private static final ServiceException CLOSED =
      new ServiceException(
          ServiceStatus.UNAVAILABLE, "Expected to push a job to the stream, but it is closed");

  private final JobStreamObserver observer;
  private final Executor executor;
  private final RequestSpan span;
  private final CompletableFuture<Void> registered = new CompletableFuture<>();
  private final StreamRegistration registration;
  private volatile boolean closed;

  /**
   * Registers it (asynchronously; the brokers are told after that).
   *
   * @param span the stream's span when it is traced (each job handed out is an event), else null
   */
  PushedJobStream(
      final JobStreamClient streams,
      final String type,
      final JobActivationPropertiesImpl properties,
      final JobStreamObserver observer,
      final Executor executor,
      final RequestSpan span) {
    this.observer = observer;
    this.executor = executor;
    this.span = span;
    registration = new StreamRegistration(streams, type, properties, this);
    registration.added().whenComplete(this::onRegistered);
  }

  @Override
  public CompletableFuture<Void> registered() {
    return registered;
  }

  @Override
  public CompletionStage<Void> push(final DirectBuffer payload) {
    if (closed) {
      return CompletableFuture.failedFuture(CLOSED);
    }
    final var delivered = new CompletableFuture<Void>();
    try {
      executor.execute(() -> deliver(payload, delivered));
    } catch (final RejectedExecutionException e) {
      delivered.completeExceptionally(e);
    }
    return delivered;
  }

  private void deliver(final DirectBuffer payload, final CompletableFuture<Void> delivered) {
    if (!canTake()) {
      delivered.completeExceptionally(closed ? CLOSED : NOT_READY);
      return;
    }
    try {
      final var job = new ActivatedJobImpl();
      job.wrap(payload);
      hand(ActivatedJobs.toActivatedJob(job.jobKey(), job.jobRecord()));
      delivered.complete(null);
    } catch (final RuntimeException e) {
      delivered.completeExceptionally(e);
    }
  }

  /**
   * Hands jobs activated for this stream ({@link StreamCatchUp}) to the observer as pushes are
   * handed; on the API executor.
   *
   * @return the jobs the observer could not take (closed, not ready, or it threw)
   */
  List<ActivatedJob> handOver(final List<ActivatedJob> jobs) {
    final List<ActivatedJob> left = new ArrayList<>(0);
    for (final ActivatedJob job : jobs) {
      if (!canTake()) {
        left.add(job);
        continue;
      }
      try {
        hand(job);
      } catch (final RuntimeException e) {
        left.add(job);
      }
    }
    return left;
  }

  private void hand(final ActivatedJob job) {
    observer.onJob(job);
    if (span != null) {
      span.jobHandedOut(job.key());
    }
  }

  /** Whether a job handed over now could be taken. */
  boolean canTake() {
    return !closed && observer.isReady();
  }

  private void onRegistered(final Void added, final Throwable failure) {
    if (failure != null) {
      registered.completeExceptionally(
          new ServiceException(
              ServiceStatus.UNAVAILABLE,
              "Failed to register new job stream: " + failure.getMessage(),
              failure));
    } else {
      registered.complete(null);
    }
  }

  @Override
  public void close() {
    closed = true;
    registration.close();
  }
}
