package io.gatefork.broker.client.jobs;

import io.atomix.cluster.messaging.ClusterEventService;
import io.atomix.cluster.messaging.Subscription;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brokers broadcast the job type on the cluster event topic {@code jobsAvailable} whenever jobs
 * become activatable; long polling wakes its parked requests on it. Listeners run on the messaging
 * thread and must only hand work off.
 */
public final class JobAvailableNotifications implements AutoCloseable {
  public static final String TOPIC = "jobsAvailable";
  private static final Logger LOG = LoggerFactory.getLogger(JobAvailableNotifications.class);

  private final ClusterEventService events;
  private final List<Consumer<String>> listeners = new CopyOnWriteArrayList<>();
  private volatile Subscription subscription;

  public JobAvailableNotifications(final ClusterEventService events) {
    this.events = events;
  }

  public CompletableFuture<Void> start() {
    return events
        .<String>subscribe(TOPIC, this::notifyListeners, Runnable::run)
        .thenAccept(s -> subscription = s);
  }

  /** Registers a listener for job types; close the returned handle to stop listening. */
  public AutoCloseable subscribe(final Consumer<String> listener) {
    listeners.add(listener);
    return () -> listeners.remove(listener);
  }

  private void notifyListeners(final String jobType) {
    for (final var listener : listeners) {
      try {
        listener.accept(jobType);
      } catch (final RuntimeException e) {
        LOG.warn("Job-available listener failed for type {}", jobType, e);
      }
    }
  }

  @Override
  public void close() {
    final var current = subscription;
    if (current != null) {
      current.close().join();
    }
  }
}
