package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJobImpl;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.camunda.zeebe.transport.stream.api.ClientStreamId;
import io.gatefork.broker.client.jobs.JobPushConsumer;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import org.agrona.DirectBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One job stream the gateway holds on the brokers for the REST activations with the same type and
 * activation properties ({@link StreamedActivations.Key}), and the queue of those waiting on it,
 * oldest first. A pushed job answers the oldest waiting request whose caller is still there. With
 * none, it is held for the hold timeout: a REST worker has one activation in flight, so between an
 * answer and its next request nobody waits, and the next request takes the held jobs at once
 * instead of walking. A job nobody took by then (or pushed while the hold is full or off) is
 * refused, which makes the broker yield it: activatable again at once.
 *
 * <p>Ownership of a waiting request stays with {@link LongPollingJobs}: the queue only orders, a
 * push owns a request once {@link LongPollingJobs#claim} took it out of its parked set. Requests
 * that left otherwise (deadline, notification, cancel) are dropped from the queue when they leave.
 *
 * <p>Counted by the requests in flight that use it; {@link StreamedActivations} closes it after it
 * went unused for the idle timeout.
 */
final class RestJobStream implements JobPushConsumer {
  private static final Logger LOG = LoggerFactory.getLogger(RestJobStream.class);
  // expected outcomes, not bugs: shared and without a stack trace
  private static final ServiceException NOBODY_WAITING =
      new ServiceException(
          ServiceStatus.RESOURCE_EXHAUSTED,
          "Expected to hand a pushed job to a waiting activation, but none is waiting");

  private final StreamedActivations owner;
  private final LongPollingJobs jobs;
  final StreamedActivations.Key key;
  private final JobTypeWaiters waiters;
  private final ConcurrentSkipListMap<Long, ActivationRequest> queue =
      new ConcurrentSkipListMap<>();
  // pushed jobs nobody waited for, oldest first; guarded by itself
  private final ArrayDeque<Held> held = new ArrayDeque<>();
  private volatile EmptyWalk emptyWalk;
  private volatile boolean registered;

  // guarded by this
  private int users;
  private long idleSinceNanos;
  private boolean closed;
  private ClientStreamId streamId;

  /** A walk that found nothing while every partition answered, at that notification generation. */
  private record EmptyWalk(BrokerTopology topology, long generation) {}

  /** A pushed job kept for the next request; the broker waits for {@code delivered}. */
  private static final class Held {
    final DirectBuffer payload;
    final CompletableFuture<Void> delivered;
    Future<?> expiry;

    Held(final DirectBuffer payload, final CompletableFuture<Void> delivered) {
      this.payload = payload;
      this.delivered = delivered;
    }
  }

  /** Created for its first user. */
  RestJobStream(
      final StreamedActivations owner,
      final LongPollingJobs jobs,
      final StreamedActivations.Key key) {
    this.owner = owner;
    this.jobs = jobs;
    this.key = key;
    waiters = jobs.waiters(key.type());
    users = 1;
  }

  /** Registers with the brokers (asynchronously: brokers acknowledge later). */
  void open(final JobActivationPropertiesImpl properties) {
    owner.streamClient().add(key.type(), properties, this).whenComplete(this::onRegistered);
  }

  private void onRegistered(final ClientStreamId id, final Throwable failure) {
    if (failure != null) {
      // the stream client is closed (shutdown): requests still get jobs by walks
      LOG.warn("Failed to register a job stream for type {}: {}", key.type(), failure.toString());
      return;
    }
    final boolean removeNow;
    synchronized (this) {
      streamId = id;
      removeNow = closed;
    }
    if (removeNow) {
      remove(id);
    } else {
      registered = true;
    }
  }

  // --- users: the activations in flight

  /** False when it closed meanwhile: the caller opens a new one. */
  synchronized boolean tryAcquire() {
    if (closed) {
      return false;
    }
    users++;
    return true;
  }

  synchronized void release() {
    if (--users == 0) {
      idleSinceNanos = System.nanoTime();
    }
  }

  /** Marks it closed when nobody used it for {@code idleNanos}; the caller then removes it. */
  synchronized boolean closeIfIdle(final long nowNanos, final long idleNanos) {
    if (closed || users > 0 || nowNanos - idleSinceNanos < idleNanos) {
      return false;
    }
    closed = true;
    return true;
  }

  /** Closes it whoever uses it (shutdown); pushes from now on are refused. */
  void close() {
    final ClientStreamId id;
    synchronized (this) {
      closed = true;
      id = streamId;
    }
    registered = false;
    if (id != null) {
      remove(id);
    }
    for (final Held h : takeHeld(Integer.MAX_VALUE)) {
      refuse(h);
    }
  }

  private void remove(final ClientStreamId id) {
    owner
        .streamClient()
        .remove(id)
        .whenComplete(
            (ok, error) -> {
              if (error != null) {
                LOG.debug("Removing the job stream for type {} failed", key.type(), error);
              }
            });
  }

  // --- the queue of waiting requests (kept by LongPollingJobs' park and unpark)

  void enqueue(final ActivationRequest request) {
    request.parkSequence = owner.nextParkSequence();
    queue.put(request.parkSequence, request);
    owner.parkedOnStreams(1);
  }

  void dequeue(final ActivationRequest request) {
    if (queue.remove(request.parkSequence, request)) {
      owner.parkedOnStreams(-1);
    }
  }

  /** The oldest waiting request, now owned by the caller; null when none waits. */
  private ActivationRequest takeOldest() {
    Map.Entry<Long, ActivationRequest> oldest;
    while ((oldest = queue.pollFirstEntry()) != null) {
      owner.parkedOnStreams(-1);
      if (jobs.claim(oldest.getValue())) {
        return oldest.getValue();
      }
      // left meanwhile (deadline, notification, cancel): whoever took it answers it
    }
    return null;
  }

  // --- skipping the walk

  /**
   * True when a request may wait without asking the partitions first: the stream is registered and,
   * since a walk found nothing on every partition of this topology, no job of the type was
   * announced (a notification) or refused here (both change the generation). New jobs are then
   * pushed to the stream.
   */
  boolean walkNeedless(final BrokerTopology topology, final long generation) {
    final EmptyWalk last = emptyWalk;
    return last != null && last.generation == generation && last.topology == topology && registered;
  }

  void emptyWalk(final BrokerTopology topology, final long generation) {
    final EmptyWalk last = emptyWalk;
    if (last == null || last.generation != generation || last.topology != topology) {
      emptyWalk = new EmptyWalk(topology, generation);
    }
  }

  void forgetEmptyWalk() {
    emptyWalk = null;
  }

  void walkSkipped() {
    owner.walkSkipped();
  }

  void handedBack(final int count) {
    owner.handedBack(count);
  }

  // --- pushes

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
      owner.executor().execute(() -> deliver(payload, delivered));
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
    ActivationRequest request;
    while ((request = takeOldest()) != null) {
      if (request.callerGone()) {
        jobs.answerGone(request); // and the job goes to the next one
      } else if (jobs.answerPushed(request, List.of(job))) {
        owner.servedFromStream(1);
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

  // --- held jobs

  /** Keeps a job nobody waits for until the next request or the hold timeout, whichever first. */
  private void hold(final DirectBuffer payload, final CompletableFuture<Void> delivered) {
    final long holdNanos = owner.holdNanos();
    final var h = new Held(payload, delivered);
    synchronized (held) {
      if (holdNanos > 0 && !closed() && held.size() < owner.maxHeld()) {
        // its expiry waits for this lock, so it finds it held
        h.expiry = owner.schedule(() -> expire(h), holdNanos);
        if (h.expiry != null) {
          held.addLast(h);
        }
      }
    }
    if (h.expiry == null) {
      refuse(delivered, NOBODY_WAITING);
      return;
    }
    owner.held();
    if (!queue.isEmpty()) {
      // a request parked while this was being held: it would otherwise wait for the timeout
      try {
        owner.executor().execute(this::handHeldToWaiting);
      } catch (final RejectedExecutionException e) {
        // shutting down: the expiry gives the job back
      }
    }
  }

  private synchronized boolean closed() {
    return closed;
  }

  private void expire(final Held h) {
    final boolean mine;
    synchronized (held) {
      mine = held.remove(h);
    }
    if (mine) {
      refuse(h);
    }
  }

  private List<Held> takeHeld(final int max) {
    synchronized (held) {
      final int n = Math.min(max, held.size());
      final List<Held> taken = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        taken.add(held.pollFirst());
      }
      return taken;
    }
  }

  boolean hasHeld() {
    synchronized (held) {
      return !held.isEmpty();
    }
  }

  /**
   * Answers a request that is not parked (it is starting its walk) with held jobs.
   *
   * @return false when nothing was held: the request walks as usual
   */
  boolean answerFromHeld(final ActivationRequest request) {
    final List<Held> taken = takeHeld(request.remaining());
    if (taken.isEmpty()) {
      return false;
    }
    if (!answer(request, taken)) {
      // cancelled before it was answered: it needs no walk either
      taken.forEach(this::refuse);
    }
    return true;
  }

  /** Pairs held jobs with parked requests, oldest with oldest; on the API executor. */
  void handHeldToWaiting() {
    while (true) {
      final ActivationRequest request;
      final List<Held> taken;
      // one lock over both: a claimed request always gets jobs, taken jobs always a request
      synchronized (held) {
        if (held.isEmpty()) {
          return;
        }
        request = takeOldest();
        if (request == null) {
          return;
        }
        taken = request.callerGone() ? List.of() : takeHeld(request.remaining());
      }
      if (taken.isEmpty()) {
        jobs.answerGone(request);
      } else if (!answer(request, taken)) {
        taken.forEach(this::refuse);
      }
    }
  }

  private boolean answer(final ActivationRequest request, final List<Held> taken) {
    final List<ActivatedJob> answer = new ArrayList<>(taken.size());
    for (final Held h : taken) {
      try {
        answer.add(toJob(h.payload));
      } catch (final RuntimeException e) {
        refuse(h.delivered, e);
      }
    }
    if (!jobs.answerPushed(request, answer)) {
      return false;
    }
    for (final Held h : taken) {
      h.expiry.cancel(false);
      h.delivered.complete(null); // no-op for one refused above
    }
    owner.servedFromStream(answer.size());
    return true;
  }

  private void refuse(final Held h) {
    if (h.expiry != null) {
      h.expiry.cancel(false);
    }
    refuse(h.delivered, NOBODY_WAITING);
  }

  /** The broker yields the job; the next request of the type walks instead of waiting. */
  private void refuse(final CompletableFuture<Void> delivered, final Throwable reason) {
    if (delivered.isDone()) {
      return;
    }
    waiters.notified();
    owner.handedBack(1);
    delivered.completeExceptionally(reason);
  }
}
