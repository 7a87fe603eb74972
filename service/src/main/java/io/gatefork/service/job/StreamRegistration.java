package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.camunda.zeebe.transport.stream.api.ClientStreamId;
import io.gatefork.broker.client.jobs.JobPushConsumer;
import io.gatefork.broker.client.jobs.JobStreamClient;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job stream's registration: at the gateway's stream client, which tells the brokers
 * asynchronously. Closing may come before it is registered (a client that cancels at once): it is
 * then removed as soon as its id is known.
 */
final class StreamRegistration {
  private static final Logger LOG = LoggerFactory.getLogger(StreamRegistration.class);

  private final JobStreamClient client;
  private final String type;
  private final CompletableFuture<Void> added = new CompletableFuture<>();
  // guarded by this; live also read without it
  private volatile boolean live;
  private ClientStreamId streamId;
  private boolean closed;

  /** Registers {@code consumer} (asynchronously). */
  StreamRegistration(
      final JobStreamClient client,
      final String type,
      final JobActivationPropertiesImpl properties,
      final JobPushConsumer consumer) {
    this.client = client;
    this.type = type;
    client.add(type, properties, consumer).whenComplete(this::onAdded);
  }

  private void onAdded(final ClientStreamId id, final Throwable failure) {
    if (failure != null) {
      LOG.warn("Failed to register a job stream for type {}: {}", type, failure.toString());
      added.completeExceptionally(failure);
      return;
    }
    final boolean removeNow;
    synchronized (this) {
      streamId = id;
      removeNow = closed;
      live = !closed;
    }
    if (removeNow) {
      remove(id);
    }
    added.complete(null);
  }

  /**
   * Completes when the gateway's stream client registered it (the brokers are told from then on,
   * asynchronously); fails when it could not be (the stream client is closed: shutdown).
   */
  CompletableFuture<Void> added() {
    return added;
  }

  /** Added and not closed: new jobs of the type are pushed to it once the brokers know it. */
  boolean live() {
    return live;
  }

  /** Removes it from the brokers. Idempotent; any thread. */
  void close() {
    final ClientStreamId id;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      live = false;
      id = streamId;
    }
    if (id != null) {
      remove(id);
    }
  }

  private void remove(final ClientStreamId id) {
    client
        .remove(id)
        .whenComplete(
            (ok, error) -> {
              if (error != null) {
                LOG.debug("Removing the job stream for type {} failed", type, error);
              }
            });
  }
}
