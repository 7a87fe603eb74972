package io.gatefork.service.job;

import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.BrokerErrorMapper;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Job activation with long polling. A request walks the partitions that have a leader (starting
 * round robin) and asks each for the jobs still missing, until it has {@code maxJobsToActivate} or
 * every partition was asked. When nothing was found and long polling applies, the request is
 * parked, holding no thread, in a per-type set: a job-available notification for its type walks it
 * again (once per notification; {@link StalledTypeProbe} stands in for a lost one), its deadline
 * answers it with an empty list. Jobs that arrive when the caller is no longer waiting (cancelled)
 * are yielded back to the broker, so none stay locked until their timeout.
 *
 * <p>Semantics of {@link ActivateJobs#requestTimeout()}: null or zero waits the default long-poll
 * time, positive waits that long (at most {@link LongPollingConfig#maxRequestTimeout()}), negative
 * answers at once. With long polling off ({@link LongPollingConfig#enabled()}) every request
 * answers at once.
 *
 * <p>Waiting is bounded in all ({@link LongPollingConfig#maxParkedRequests()}) and per caller
 * ({@link LongPollingConfig#callerShare()}), both answered RESOURCE_EXHAUSTED beyond. A request
 * takes its caller's place when it first parks and keeps it until its answer, whichever it is.
 *
 * <p>This is activation's {@code poll} strategy. {@link StreamedActivations} ({@code stream}) parks
 * its requests here too, each also waiting on the {@link PushSource} it gets for its activation
 * properties; a plain long poll's source is {@link PushSource#NONE}, whose steps do nothing.
 */
public final class LongPollingJobs implements JobActivation, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LongPollingJobs.class);
  private static final int[] NO_PARTITIONS = new int[0];

  private final BrokerClient brokerClient;
  private final JobActivator activator;
  private final Executor executor;
  private final LongPollingConfig config;
  private final ScheduledThreadPoolExecutor deadlines;
  private final WaitersByType waitersByType = new WaitersByType();
  private final AtomicInteger parked = new AtomicInteger();
  private final ParkedPerCaller perCaller;
  private volatile boolean draining;
  private final AtomicInteger roundRobin = new AtomicInteger();
  private final AutoCloseable subscription;
  // what a request tells long polling; not part of its public face
  private final ActivationRequest.Owner requestOwner =
      new ActivationRequest.Owner() {
        @Override
        public void onAnswer(
            final ActivationRequest request,
            final List<ActivatedJob> activated,
            final Throwable failure) {
          LongPollingJobs.this.onAnswer(request, activated, failure);
        }

        @Override
        public void cancelled(final ActivationRequest request) {
          LongPollingJobs.this.cancelled(request);
        }

        @Override
        public boolean unpark(final ActivationRequest request) {
          return LongPollingJobs.this.unpark(request);
        }

        @Override
        public void finished(final ActivationRequest request) {
          waitersByType.release(request.waiters);
          if (request.endCallerPlace()) {
            perCaller.giveBack(request.context.callerKey());
          }
        }

        @Override
        public void undelivered(final ActivationRequest request, final List<ActivatedJob> jobs) {
          activator.giveBack(jobs);
          request.pushes.handedBack(jobs.size());
        }
      };

  /**
   * @param executor where broker answers are handled: normally the {@code ApiExecutor}
   */
  public LongPollingJobs(
      final BrokerClient brokerClient, final Executor executor, final LongPollingConfig config) {
    this(
        brokerClient,
        executor,
        config,
        new ScheduledThreadPoolExecutor(
            1, Thread.ofPlatform().name("gatefork-job-long-polling").daemon().factory()));
  }

  /** {@code deadlines}: where the requests' deadlines run; a test's own decides when they fire. */
  LongPollingJobs(
      final BrokerClient brokerClient,
      final Executor executor,
      final LongPollingConfig config,
      final ScheduledThreadPoolExecutor deadlines) {
    this.brokerClient = Objects.requireNonNull(brokerClient, "brokerClient");
    this.executor = Objects.requireNonNull(executor, "executor");
    this.config = Objects.requireNonNull(config, "config");
    perCaller = new ParkedPerCaller(config.callerShare());
    activator = new JobActivator(brokerClient, executor);
    this.deadlines = Objects.requireNonNull(deadlines, "deadlines");
    // answered requests cancel their deadline: do not keep thousands of dead tasks queued
    deadlines.setRemoveOnCancelPolicy(true);
    subscription = brokerClient.jobAvailableNotifications().subscribe(this::onJobsAvailable);
    if (config.enabled() && config.probeTimeout().isPositive()) {
      new StalledTypeProbe(
              waitersByType, this::unpark, this::walkAgain, executor, config.probeTimeout())
          .start(deadlines);
    }
  }

  @Override
  public CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context, final ActivateJobs command) {
    return activate(context, command, PushSource.NO_PUSHES);
  }

  /** {@code pushSources}: where a request that may wait gets the push source it also waits on. */
  CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context,
      final ActivateJobs command,
      final PushSource.Provider pushSources) {
    final ActivationRequest request;
    try {
      request =
          ActivationRequest.start(
              requestOwner, context, command, config, waitersByType.acquirer, pushSources);
    } catch (final ServiceException e) {
      return CompletableFuture.failedFuture(e);
    }
    walk(request);
    return request.future;
  }

  /** Yields jobs back to the broker (see {@link JobServices#giveBack}). */
  void giveBack(final List<ActivatedJob> jobs) {
    activator.giveBack(jobs);
  }

  /** Requests currently waiting for jobs. */
  public int parkedRequests() {
    return parked.get();
  }

  /** Requests currently waiting for jobs of the type. */
  public int parkedRequests(final String type) {
    return waitersByType.parked(type);
  }

  /** Callers with an entry now: those with a request that waits (or walks again after waiting). */
  int waitingCallers() {
    return perCaller.callers();
  }

  /** Job types with an entry now: those with a request in flight or a job stream open. */
  int waitedTypes() {
    return waitersByType.types();
  }

  /** The job types waited for: the REST job streams use them too. */
  WaitersByType waitersByType() {
    return waitersByType;
  }

  // --- the walk over the partitions

  private void walk(final ActivationRequest request) {
    final BrokerTopology topology = brokerClient.topology();
    final long generation = request.waiters.generation();
    final PushSource pushes = request.pushes;
    if (pushes.hasHeld()) {
      // jobs were pushed while nobody waited: they are the answer, no partition is asked
      request.beginWalk(topology, NO_PARTITIONS, 0, generation);
      if (request.firstDispatch()) {
        request.context.timing().dispatched();
      }
      if (pushes.answerFromHeld(request)) {
        return;
      }
    }
    if (pushes.skipsWalk(topology, generation)) {
      // nothing became activatable since the last complete empty walk: new jobs are pushed
      request.beginWalk(topology, NO_PARTITIONS, 0, generation);
      if (request.firstDispatch()) {
        request.context.timing().dispatched(); // waiting for a push counts as broker time
      }
      finishWalk(request);
      return;
    }
    final int[] partitions = topology.partitionsWithLeader();
    final int start =
        partitions.length == 0 ? 0 : Math.floorMod(roundRobin.getAndIncrement(), partitions.length);
    request.beginWalk(topology, partitions, start, generation);
    if (partitions.length == 0) {
      request.failed(
          topology.isEmpty()
              ? BrokerErrorMapper.fromClientException(new BrokerClientException.NoTopology())
              : new ServiceException(
                  ServiceStatus.UNAVAILABLE,
                  "Expected to activate jobs of type '"
                      + request.waiters.type
                      + "', but no partition has a leader"));
    }
    askNext(request);
  }

  private void askNext(final ActivationRequest request) {
    if (request.future.isDone()) {
      // the caller is gone: stop asking, and give back what was already activated
      request.cancelDeadline();
      if (!request.jobs.isEmpty()) {
        activator.giveBack(request.jobs);
      }
      return;
    }
    if (request.remaining() > 0 && request.hasNextPartition()) {
      final int partitionId = request.nextPartition();
      request.record.setMaxJobsToActivate(request.remaining());
      activator
          .activate(request.context, partitionId, request.record, request.firstDispatch())
          .whenComplete(request);
      return;
    }
    finishWalk(request);
  }

  private void onAnswer(
      final ActivationRequest request,
      final List<ActivatedJob> activated,
      final Throwable failure) {
    if (failure != null) {
      request.failed(BrokerErrorMapper.fromThrowable(failure));
    } else {
      request.answered = true;
      request.jobs.addAll(activated);
    }
    askNext(request);
  }

  private void finishWalk(final ActivationRequest request) {
    if (!request.jobs.isEmpty()) {
      complete(request, request.jobs);
    } else if (!request.answered && request.firstFailure != null) {
      // no partition could be asked: that is the answer (e.g. all RESOURCE_EXHAUSTED)
      request.cancelDeadline();
      request.future.completeExceptionally(request.firstFailure);
    } else if (!request.longPolling || request.expired(System.nanoTime())) {
      complete(request, List.of());
    } else {
      park(request);
    }
  }

  private void complete(final ActivationRequest request, final List<ActivatedJob> jobs) {
    request.cancelDeadline();
    if (!jobs.isEmpty() && request.callerGone()) {
      // the caller left while the request waited: nobody would read these jobs
      request.future.complete(List.of());
      activator.giveBack(jobs);
      request.pushes.handedBack(jobs.size());
      return;
    }
    if (!request.answer(jobs) && !jobs.isEmpty()) {
      activator.giveBack(jobs);
    }
  }

  // --- parking

  private void park(final ActivationRequest request) {
    if (draining) {
      complete(request, List.of()); // shutting down: nothing may wait past the deadline
      return;
    }
    if (!perCaller.takeFor(request)) {
      request.refuse(
          perCaller.share()
              + " activation requests of this caller are already waiting, its share of the "
              + config.maxParkedRequests()
              + " that may wait");
      return;
    }
    if (parked.incrementAndGet() > config.maxParkedRequests()) {
      parked.decrementAndGet();
      // its caller's place, if it took one, goes back with the answer (finished)
      request.refuse(config.maxParkedRequests() + " activation requests are already waiting");
      return;
    }
    if (request.deadlineTask == null && !request.scheduleDeadline(deadlines, this::expire)) {
      parked.decrementAndGet();
      complete(request, List.of());
      return;
    }
    final JobTypeWaiters<ActivationRequest> waiters = request.waiters;
    final PushSource pushes = request.pushes;
    waiters.parked.add(request);
    // after the park: a push that claims it then owns it
    request.placeAtPushes = pushes.enqueue(request);
    // Whatever ends a parked request (deadline, drain, notification, cancel) first marks it (or
    // its type, or long polling) and then takes it out of its parked set; here it was put in the
    // set first and the marks are read after. So each one either found it parked, or is seen here
    // and answered here: none is lost. Whoever unparks it owns it, so it is answered once.
    if (request.expired(System.nanoTime())) {
      // the deadline fired after the walk's last look but before the park: it found nothing to
      // answer, so the timeout's answer is given here
      if (unpark(request)) {
        answerExpired(request);
      }
    } else if (draining) {
      // shutdown began after the check above: its drain found nothing to answer
      if (unpark(request)) {
        complete(request, List.of());
      }
    } else if (waiters.generation() != request.generation) {
      // jobs became available while this walk was under way: walk again instead of waiting
      if (unpark(request)) {
        walk(request);
      }
    } else if (request.future.isDone()) {
      // cancelled before it was parked: its cancel found nothing to take out
      if (unpark(request)) {
        request.cancelDeadline();
      }
    } else if (request.walkedAllPartitions()) {
      // nothing activatable at this generation: the next request may wait without a walk
      pushes.walkedEmpty(request.walkedTopology, request.generation);
    }
    pushes.handHeldToWaiting(); // a job may have been held while this request walked
  }

  /** Removes a parked request; true when the caller now owns it. */
  private boolean unpark(final ActivationRequest request) {
    if (request.waiters.parked.remove(request)) {
      parked.decrementAndGet();
      request.pushes.dequeue(request, request.placeAtPushes);
      return true;
    }
    return false;
  }

  private void expire(final ActivationRequest request) {
    // marked before the unpark: a request parking just now sees the mark after its park (park)
    request.markExpired();
    request.pushes.deadlinePassed();
    if (unpark(request)) {
      executor.execute(() -> answerExpired(request));
    }
    // not parked: a walk is under way and sees the mark when it ends, or when it parks
  }

  /** The deadline's answer, by whoever took the request out of its parked set for it. */
  private void answerExpired(final ActivationRequest request) {
    final var timing = request.context.timing();
    // waiting for jobs counts as broker time; nothing was queued or mapped
    timing.responseReceived();
    timing.handlingStarted();
    timing.resultReady();
    complete(request, List.of());
  }

  private void cancelled(final ActivationRequest request) {
    if (unpark(request)) {
      request.cancelDeadline();
    }
  }

  /** On the messaging thread: only hand the work off. */
  private void onJobsAvailable(final String type) {
    final JobTypeWaiters<ActivationRequest> waiters = waitersByType.find(type);
    if (waiters == null) {
      return; // nobody ever asked for this type
    }
    waiters.notified();
    if (!waiters.parked.isEmpty()) {
      executor.execute(() -> wake(waiters));
    }
  }

  private void wake(final JobTypeWaiters<ActivationRequest> waiters) {
    final var woken = new ArrayList<ActivationRequest>();
    for (final ActivationRequest request : waiters.parked) {
      if (unpark(request)) {
        woken.add(request);
      }
    }
    woken.forEach(this::walkAgain);
  }

  private void walkAgain(final ActivationRequest request) {
    if (request.callerGone()) {
      // its client left while it waited: the jobs are for the live requests woken with it
      complete(request, List.of());
    } else {
      walk(request);
    }
  }

  /**
   * Answers every parked request with what it has (nothing), parks none from now on, and says how
   * many it answered. Called when the gateway shuts down: a long poll may have asked to wait for
   * hours, which would hold the servlet container's (or gRPC server's) graceful shutdown.
   */
  public int drain() {
    draining = true;
    return answerParked();
  }

  private int answerParked() {
    int answered = 0;
    for (final JobTypeWaiters<ActivationRequest> waiters : waitersByType.all()) {
      for (final ActivationRequest request : waiters.parked) {
        if (unpark(request)) {
          complete(request, List.of());
          answered++;
        }
      }
    }
    return answered;
  }

  /** Stops listening; parked requests are answered with what they have (nothing). */
  @Override
  public void close() {
    try {
      subscription.close();
    } catch (final Exception e) {
      LOG.debug("Closing the job-available subscription failed", e);
    }
    draining = true;
    deadlines.shutdownNow();
    answerParked();
  }
}
