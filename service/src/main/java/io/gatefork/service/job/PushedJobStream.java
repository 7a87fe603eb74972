package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJobImpl;
import io.camunda.zeebe.transport.stream.api.ClientStreamId;
import io.gatefork.broker.client.jobs.JobPushConsumer;
import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.agrona.DirectBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One open job stream: takes the broker's pushes (on the stream actor), hops onto the API executor
 * and hands each job to the observer there. A job the observer cannot take fails the push, which
 * makes the broker yield it back.
 *
 * <p>Closing may come before the registration completes (a client that cancels at once): the stream
 * is then removed as soon as its id is known.
 */
final class PushedJobStream implements OpenJobStream, JobPushConsumer {
  private static final Logger LOG = LoggerFactory.getLogger(PushedJobStream.class);
  // expected outcomes, not bugs: shared and without a stack trace
  private static final ServiceException NOT_READY =
      new ServiceException(
          ServiceStatus.RESOURCE_EXHAUSTED,
          "Expected to push a job to the stream, but the client cannot take more right now");
  private static final ServiceException CLOSED =
      new ServiceException(
          ServiceStatus.UNAVAILABLE, "Expected to push a job to the stream, but it is closed");

  private final JobStreamClient streams;
  private final JobStreamObserver observer;
  private final Executor executor;
  private final CompletableFuture<Void> registered = new CompletableFuture<>();
  private ClientStreamId streamId; // guarded by this
  private volatile boolean closed;

  PushedJobStream(
      final JobStreamClient streams, final JobStreamObserver observer, final Executor executor) {
    this.streams = streams;
    this.observer = observer;
    this.executor = executor;
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
    if (closed) {
      delivered.completeExceptionally(CLOSED);
      return;
    }
    if (!observer.isReady()) {
      delivered.completeExceptionally(NOT_READY);
      return;
    }
    try {
      final var job = new ActivatedJobImpl();
      job.wrap(payload);
      observer.onJob(ActivatedJobs.toActivatedJob(job.jobKey(), job.jobRecord()));
      delivered.complete(null);
    } catch (final RuntimeException e) {
      delivered.completeExceptionally(e);
    }
  }

  void onRegistered(final ClientStreamId id, final Throwable failure) {
    if (failure != null) {
      LOG.warn("Failed to register a job stream: {}", String.valueOf(failure));
      registered.completeExceptionally(
          new ServiceException(
              ServiceStatus.UNAVAILABLE,
              "Failed to register new job stream: " + failure.getMessage(),
              failure));
      return;
    }
    final boolean removeNow;
    synchronized (this) {
      streamId = id;
      removeNow = closed;
    }
    if (removeNow) {
      remove(id);
    }
    registered.complete(null);
  }

  @Override
  public void close() {
    final ClientStreamId id;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      id = streamId;
    }
    if (id != null) {
      remove(id);
    }
  }

  private void remove(final ClientStreamId id) {
    streams
        .remove(id)
        .whenComplete(
            (ok, error) -> {
              if (error != null) {
                LOG.debug("Removing job stream {} failed", id, error);
              }
            });
  }
}
