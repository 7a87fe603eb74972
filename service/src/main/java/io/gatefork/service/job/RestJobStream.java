package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.gatefork.broker.client.jobs.JobStreamClient;
import io.gatefork.broker.client.topology.BrokerTopology;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * One job stream the gateway holds on the brokers for the REST activations with the same type and
 * activation properties, as the {@link PushSource} those requests wait on. It counts the requests
 * in flight that use it, and puts together the stream's parts, one job each: its {@link
 * StreamRegistration} on the brokers, the {@link WaitingQueue}, the {@link EmptyWalkMemo}, the
 * {@link HeldJobs} and the {@link PushHandOff} that gives pushed and held jobs to waiting requests.
 */
final class RestJobStream implements PushSource {
  private final StreamRegistration registration;
  private final WaitingQueue queue;
  private final EmptyWalkMemo emptyWalk = new EmptyWalkMemo();
  private final HeldJobs held;
  private final PushHandOff handOff;
  private final StreamMetrics metrics;
  final JobTypeWaiters<?> waiters; // released by its owner when it closes

  // guarded by this
  private int users;
  private long idleSinceNanos = System.nanoTime();
  private boolean closed;

  /**
   * Registers the stream (asynchronously; the brokers learn of it after that).
   *
   * @param waiters the type's long-polling waiters
   * @param executor where pushes are handed out: the API executor
   * @param holdNanos how long a job nobody waits for is held
   * @param maxHeld held jobs at most: beyond, pushes nobody waits for are refused at once
   */
  RestJobStream(
      final JobStreamClient streamClient,
      final JobActivationPropertiesImpl properties,
      final JobTypeWaiters<?> waiters,
      final StreamMetrics metrics,
      final Executor executor,
      final long holdNanos,
      final int maxHeld) {
    this.metrics = metrics;
    this.waiters = waiters;
    queue = new WaitingQueue(metrics);
    held = new HeldJobs(maxHeld);
    handOff = new PushHandOff(queue, held, waiters, metrics, executor, holdNanos);
    registration = new StreamRegistration(streamClient, waiters.type, properties, handOff);
  }

  // --- its users: the activations in flight

  /** Counts a user; false when it closed meanwhile: the caller opens a new one. */
  synchronized boolean tryAcquire() {
    if (closed) {
      return false;
    }
    users++;
    return true;
  }

  private synchronized void release() {
    if (--users == 0) {
      idleSinceNanos = System.nanoTime();
    }
  }

  /** Marks it closed when nobody used it for {@code idleNanos}; the caller then closes it. */
  synchronized boolean closeIfIdle(final long nowNanos, final long idleNanos) {
    if (closed || users > 0 || nowNanos - idleSinceNanos < idleNanos) {
      return false;
    }
    closed = true;
    return true;
  }

  /** Closes it whoever uses it; held jobs go back, pushes from now on are refused. */
  void close() {
    synchronized (this) {
      closed = true;
    }
    registration.close();
    handOff.refuseHeld();
  }

  /** Gives back the held jobs whose hold timeout passed. */
  void expireHeld(final long nowNanos) {
    handOff.expireHeld(nowNanos);
  }

  // --- as the push source of its requests

  @Override
  public void usedUntil(final CompletableFuture<?> answer) {
    answer.whenComplete((jobs, failure) -> release());
  }

  @Override
  public boolean hasHeld() {
    return !held.isEmpty();
  }

  @Override
  public boolean answerFromHeld(final WaitingActivation request) {
    return handOff.answerFromHeld(request);
  }

  /**
   * True when the brokers know the stream and, since a walk found nothing on every partition of
   * this topology, no job of the type was announced or refused here: new jobs are pushed.
   */
  @Override
  public boolean skipsWalk(final BrokerTopology topology, final long generation) {
    if (registration.live() && emptyWalk.vouchesFor(topology, generation)) {
      metrics.walkSkipped();
      return true;
    }
    return false;
  }

  @Override
  public void walkedEmpty(final BrokerTopology topology, final long generation) {
    emptyWalk.remember(topology, generation);
  }

  @Override
  public long enqueue(final WaitingActivation request) {
    return queue.enqueue(request);
  }

  @Override
  public void dequeue(final WaitingActivation request, final long place) {
    queue.dequeue(request, place);
  }

  @Override
  public void handHeldToWaiting() {
    if (!held.isEmpty()) {
      handOff.handHeldToWaiting();
    }
  }

  /** Bounds how long an empty walk vouches for the stream: each long poll walks once at least. */
  @Override
  public void deadlinePassed() {
    emptyWalk.forget();
  }

  @Override
  public void handedBack(final int jobs) {
    metrics.handedBack(jobs);
  }
}
