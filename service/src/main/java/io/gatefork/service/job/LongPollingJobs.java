package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.Timeouts;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.error.BrokerErrorMapper;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Job activation with long polling. A request walks the partitions that have a leader (starting
 * round robin) and asks each for the jobs still missing, until it has {@code maxJobsToActivate} or
 * every partition was asked. When nothing was found and long polling applies, the request is
 * parked, holding no thread, in a per-type set: a job-available notification for its type walks it
 * again (once per notification), its deadline answers it with an empty list. Jobs that arrive when
 * the caller is no longer waiting (cancelled) are yielded back to the broker, so none stay locked
 * until their timeout.
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
  private final ConcurrentMap<String, JobTypeWaiters<ActivationRequest>> waitersByType =
      new ConcurrentHashMap<>();
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
          release(request.waiters);
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

  /**
   * @param deadlines where the requests' deadlines run; a test's own decides when they fire
   */
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
  }

  @Override
  public CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context, final ActivateJobs command) {
    return activate(context, command, PushSource.NO_PUSHES);
  }

  /**
   * @param pushSources where a request that may wait gets the push source it also waits on
   */
  CompletableFuture<List<ActivatedJob>> activate(
      final RequestContext context,
      final ActivateJobs command,
      final PushSource.Provider pushSources) {
    final ActivationRequest request;
    try {
      request = newRequest(context, command, pushSources);
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
    final var waiters = waitersByType.get(type);
    return waiters == null ? 0 : waiters.parked.size();
  }

  /** Callers with an entry now: those with a request that waits (or walks again after waiting). */
  int waitingCallers() {
    return perCaller.callers();
  }

  /** Job types with an entry now: those with a request in flight or a job stream open. */
  int waitedTypes() {
    return waitersByType.size();
  }

  private ActivationRequest newRequest(
      final RequestContext context,
      final ActivateJobs command,
      final PushSource.Provider pushSources) {
    // the command checked its own fields (ActivateJobs); the front end checked the tenants it
    // names (REST their format and the caller's access, gRPC the caller's access)
    final String type = command.type();
    final var record = new JobBatchRecord();
    record.setType(type);
    record.setWorker(command.worker() == null ? "" : command.worker());
    record.setTimeout(command.timeoutMillis());
    record.setMaxJobsToActivate(command.maxJobsToActivate());
    for (final String name : command.fetchVariables()) {
      record.variables().add().wrap(name);
    }
    final List<String> tenantIds =
        TenantAccess.activationTenants(context.caller(), command.tenantIds());
    record.setTenantIds(tenantIds);

    final Duration requested = command.requestTimeout();
    final boolean longPolling = config.enabled() && (requested == null || !requested.isNegative());
    // a longer wait than the maximum is shortened, not refused: clients ask for all sorts
    final Duration wait =
        config.bounded(
            requested == null || requested.isZero() ? config.defaultTimeout() : requested);
    final long deadline = System.nanoTime() + (longPolling ? Timeouts.nanos(wait) : 0);
    // opened (or kept open) before the first walk: a job created after the walk asked its
    // partition is pushed, not missed; a request that answers at once needs no push source
    final PushSource pushes =
        longPolling
            ? pushSources.forRequest(type, command, tenantIds, context.caller())
            : PushSource.NONE;
    final var request =
        new ActivationRequest(
            requestOwner,
            context,
            waiters(type),
            record,
            command.maxJobsToActivate(),
            longPolling,
            deadline,
            pushes);
    pushes.usedUntil(request.future);
    return request;
  }

  /**
   * The type's waiters, counted as used until {@link #release}d: a request's until its answer, a
   * job stream's until it closes. While used, the entry stays in the map and hears notifications.
   */
  JobTypeWaiters<ActivationRequest> waiters(final String type) {
    JobTypeWaiters<ActivationRequest> waiters = waitersByType.get(type);
    while (waiters == null || !waiters.tryAcquire()) {
      if (waiters != null) {
        waitersByType.remove(type, waiters); // its last user left meanwhile
      }
      waiters = waitersByType.computeIfAbsent(type, JobTypeWaiters::new);
    }
    return waiters;
  }

  /** One user of {@link #waiters} is done; the last one removes the type's entry. */
  void release(final JobTypeWaiters<?> waiters) {
    if (waiters.release()) {
      waitersByType.remove(waiters.type, waiters);
    }
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
    if (request.needsCallerPlace()) {
      final String caller = request.context.callerKey();
      if (!perCaller.tryTake(caller)) {
        refuse(
            request,
            perCaller.share()
                + " activation requests of this caller are already waiting, its share of the "
                + config.maxParkedRequests()
                + " that may wait");
        return;
      }
      if (!request.holdCallerPlace()) {
        perCaller.giveBack(caller); // it ended meanwhile (cancelled): nobody else gives it back
      }
    }
    if (parked.incrementAndGet() > config.maxParkedRequests()) {
      parked.decrementAndGet();
      // its caller's place, if it took one, goes back with the answer (finished)
      refuse(request, config.maxParkedRequests() + " activation requests are already waiting");
      return;
    }
    if (request.deadlineTask == null && !scheduleDeadline(request)) {
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

  /** No place to wait: the backpressure answer, which workers retry after a back-off. */
  private static void refuse(final ActivationRequest request, final String why) {
    request.cancelDeadline();
    request.future.completeExceptionally(
        new ServiceException(
            ServiceStatus.RESOURCE_EXHAUSTED,
            "Expected to wait for jobs of type '" + request.waiters.type + "', but " + why));
  }

  private boolean scheduleDeadline(final ActivationRequest request) {
    try {
      request.deadlineTask =
          deadlines.schedule(
              () -> expire(request),
              request.deadlineNanos - System.nanoTime(),
              TimeUnit.NANOSECONDS);
      return true;
    } catch (final RejectedExecutionException e) {
      return false; // closing
    }
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
    final JobTypeWaiters<ActivationRequest> waiters = waitersByType.get(type);
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
    for (final ActivationRequest request : woken) {
      if (request.callerGone()) {
        // its client left while it waited: the jobs are for the live requests woken with it
        complete(request, List.of());
      } else {
        walk(request);
      }
    }
  }

  /**
   * Answers every parked request with what it has (nothing) and parks none from now on. Called when
   * the gateway shuts down: a long poll may have asked to wait for hours, which would hold the
   * servlet container's (or gRPC server's) graceful shutdown until it gives up.
   *
   * @return how many parked requests were answered
   */
  public int drain() {
    draining = true;
    return answerParked();
  }

  private int answerParked() {
    int answered = 0;
    for (final JobTypeWaiters<ActivationRequest> waiters : waitersByType.values()) {
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
