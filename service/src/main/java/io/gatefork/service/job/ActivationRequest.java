package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.gatefork.broker.client.Timeouts;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.stage.RequestSpan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One job activation in flight: the record sent to each partition, the jobs collected so far and
 * where the walk over the partitions stands. The walk state is touched by one thread at a time:
 * each step starts from the previous step's answer, and a parked request is owned by whoever takes
 * it out of its {@link JobTypeWaiters}.
 *
 * <p>It also has the {@link PushSource} it waits on ({@link PushSource#NONE} for plain long
 * polling). The future of a request that may wait takes the caller's connection ({@link
 * WatchesCaller}) from a front end that can watch it, so that jobs go to no caller that left.
 */
final class ActivationRequest
    implements WaitingActivation, BiConsumer<List<ActivatedJob>, Throwable> {

  /** Long polling, which a request tells what happened to it. */
  interface Owner {
    /** A partition's answer (on the API executor). */
    void onAnswer(ActivationRequest request, List<ActivatedJob> activated, Throwable failure);

    /** The caller cancelled: a parked request is let go at once. */
    void cancelled(ActivationRequest request);

    /** Removes a parked request; true when the caller now owns it. */
    boolean unpark(ActivationRequest request);

    /** The caller's future is complete (once per request): its type's waiters are released. */
    void finished(ActivationRequest request);

    /** Jobs the request was answered with never reached its caller: back to the broker. */
    void undelivered(ActivationRequest request, List<ActivatedJob> jobs);
  }

  private static final AtomicIntegerFieldUpdater<ActivationRequest> FINISHED =
      AtomicIntegerFieldUpdater.newUpdater(ActivationRequest.class, "finished");
  private static final AtomicIntegerFieldUpdater<ActivationRequest> CALLER_PLACE =
      AtomicIntegerFieldUpdater.newUpdater(ActivationRequest.class, "callerPlace");
  // its caller's waiting place (ParkedPerCaller): taken at the first park, kept until the end
  private static final int NO_PLACE = 0;
  private static final int HOLDS_PLACE = 1;
  private static final int ENDED = 2;

  final Owner owner;
  final RequestContext context;
  final JobTypeWaiters<ActivationRequest> waiters;
  final JobBatchRecord record;
  final int maxJobs;
  final boolean longPolling;
  final long deadlineNanos;
  final PushSource pushes;
  final Future future;

  final List<ActivatedJob> jobs = new ArrayList<>();
  private int[] partitions = new int[0];
  private int start;
  private int asked;
  private boolean dispatched;
  boolean answered;
  ServiceException firstFailure;
  long generation;
  volatile ScheduledFuture<?> deadlineTask;
  // the last walk: the topology it walked and whether it asked every partition
  BrokerTopology walkedTopology;
  boolean walkedEveryPartition;
  long placeAtPushes; // while parked: its place at its push source
  private volatile int finished; // 1 once the owner was told
  private volatile int callerPlace; // NO_PLACE, HOLDS_PLACE, ENDED
  private volatile boolean expired; // its deadline task ran

  private ActivationRequest(
      final Owner owner,
      final RequestContext context,
      final JobTypeWaiters<ActivationRequest> waiters,
      final JobBatchRecord record,
      final int maxJobs,
      final boolean longPolling,
      final long deadlineNanos,
      final PushSource pushes) {
    this.owner = owner;
    this.context = context;
    this.waiters = waiters;
    this.record = record;
    this.maxJobs = maxJobs;
    this.longPolling = longPolling;
    this.deadlineNanos = deadlineNanos;
    this.pushes = pushes;
    future = longPolling ? new WatchedFuture(this) : new Future(this);
  }

  /**
   * A new request for {@code command}: its record, how long it may wait, and the push source it
   * also waits on.
   *
   * @param waiters the type's waiters, acquired once the request is known to be valid
   * @throws ServiceException when the caller may not activate jobs of the tenants
   */
  static ActivationRequest start(
      final Owner owner,
      final RequestContext context,
      final ActivateJobs command,
      final LongPollingConfig config,
      final Function<String, JobTypeWaiters<ActivationRequest>> waiters,
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
            owner,
            context,
            waiters.apply(type),
            record,
            command.maxJobsToActivate(),
            longPolling,
            deadline,
            pushes);
    pushes.usedUntil(request.future);
    return request;
  }

  /** Starts a walk over the given partitions (all with a leader), beginning at {@code start}. */
  void beginWalk(
      final BrokerTopology topology,
      final int[] partitionIds,
      final int startIndex,
      final long notificationGeneration) {
    walkedTopology = topology;
    walkedEveryPartition =
        partitionIds.length > 0 && partitionIds.length == topology.partitionsCount();
    partitions = partitionIds;
    start = startIndex;
    asked = 0;
    answered = false;
    firstFailure = null;
    generation = notificationGeneration;
  }

  @Override
  public int remaining() {
    return maxJobs - jobs.size();
  }

  boolean hasNextPartition() {
    return asked < partitions.length;
  }

  int nextPartition() {
    return partitions[(start + asked++) % partitions.length];
  }

  /** True for the first broker request of this activation (it marks the dispatch). */
  boolean firstDispatch() {
    if (dispatched) {
      return false;
    }
    dispatched = true;
    return true;
  }

  void failed(final ServiceException failure) {
    if (firstFailure == null) {
      firstFailure = failure;
    }
  }

  /** The walk just finished asked every partition of its topology, and every one answered. */
  boolean walkedAllPartitions() {
    return walkedEveryPartition && answered && firstFailure == null;
  }

  @Override
  public boolean callerGone() {
    return future instanceof final WatchedFuture watched && watched.callerGone();
  }

  @Override
  public boolean claim() {
    return owner.unpark(this);
  }

  @Override
  public boolean answerPushed(final List<ActivatedJob> pushed) {
    cancelDeadline();
    final var timing = context.timing();
    timing.responseReceived();
    timing.handlingStarted();
    timing.resultReady();
    return answer(pushed);
  }

  /** Completes the caller's future with these jobs; false when it was already complete. */
  boolean answer(final List<ActivatedJob> answer) {
    final RequestSpan span = context.timing().span();
    if (span != null && !future.isDone()) {
      // before completing: the answer may be written, and the span ended, at once
      for (final ActivatedJob job : answer) {
        span.jobHandedOut(job.key());
      }
    }
    return future.complete(answer);
  }

  @Override
  public void answerGone() {
    cancelDeadline();
    future.complete(List.of());
  }

  /** No place to wait: the backpressure answer, which workers retry after a back-off. */
  void refuse(final String why) {
    cancelDeadline();
    future.completeExceptionally(
        new ServiceException(
            ServiceStatus.RESOURCE_EXHAUSTED,
            "Expected to wait for jobs of type '" + waiters.type + "', but " + why));
  }

  /**
   * Schedules {@code expire} at the request's deadline.
   *
   * @return false when {@code deadlines} takes nothing more (closing)
   */
  boolean scheduleDeadline(
      final ScheduledExecutorService deadlines, final Consumer<ActivationRequest> expire) {
    try {
      deadlineTask =
          deadlines.schedule(
              () -> expire.accept(this), deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
      return true;
    } catch (final RejectedExecutionException e) {
      return false;
    }
  }

  void cancelDeadline() {
    final var task = deadlineTask;
    if (task != null) {
      task.cancel(false);
    }
  }

  /**
   * True until the request parks for the first time, or ends: its caller's place is taken once and
   * kept while it walks again after a notification, so a woken request does not lose it to a newer
   * one of the same caller.
   */
  boolean needsCallerPlace() {
    return callerPlace == NO_PLACE;
  }

  /**
   * Records that the caller's place was taken for this request; false when the request ended
   * meanwhile, and the place is to be given back at once.
   */
  boolean holdCallerPlace() {
    return CALLER_PLACE.compareAndSet(this, NO_PLACE, HOLDS_PLACE);
  }

  /** At the request's end (once): whether it held its caller's place, to be given back. */
  boolean endCallerPlace() {
    return CALLER_PLACE.getAndSet(this, ENDED) == HOLDS_PLACE;
  }

  boolean deadlinePassed(final long nowNanos) {
    return nowNanos - deadlineNanos >= 0;
  }

  /** Its deadline task ran (whether or not it found the request parked). */
  void markExpired() {
    expired = true;
  }

  /**
   * True once the deadline passed by the clock or its task ran: the task may run while the request
   * walks, and the walk then parks it, so the mark, not only the clock, says it must not wait.
   */
  boolean expired(final long nowNanos) {
    return expired || deadlinePassed(nowNanos);
  }

  /** A partition's answer (on the API executor). */
  @Override
  public void accept(final List<ActivatedJob> activated, final Throwable failure) {
    owner.onAnswer(this, activated, failure);
  }

  private void finished() {
    // cancel() answers true for every call once cancelled: tell the owner once
    if (FINISHED.compareAndSet(this, 0, 1)) {
      owner.finished(this);
    }
  }

  /** The caller's future; cancelling it releases a parked request at once. */
  static class Future extends CompletableFuture<List<ActivatedJob>> {
    private final ActivationRequest request;

    private Future(final ActivationRequest request) {
      this.request = request;
    }

    @Override
    public boolean complete(final List<ActivatedJob> value) {
      final boolean completed = super.complete(value);
      if (completed) {
        request.finished();
      }
      return completed;
    }

    @Override
    public boolean completeExceptionally(final Throwable failure) {
      final boolean completed = super.completeExceptionally(failure);
      if (completed) {
        request.finished();
      }
      return completed;
    }

    @Override
    public boolean cancel(final boolean mayInterruptIfRunning) {
      final boolean cancelled = super.cancel(mayInterruptIfRunning);
      if (cancelled) {
        request.owner.cancelled(request);
        request.finished();
      }
      return cancelled;
    }
  }

  /** A waiting request's future: the front end tells it whether the caller is still connected. */
  static final class WatchedFuture extends Future implements WatchesCaller {
    private volatile CallerConnection connection = CallerConnection.UNWATCHED;
    private final AtomicBoolean undelivered = new AtomicBoolean();

    private WatchedFuture(final ActivationRequest request) {
      super(request);
    }

    @Override
    public void watchCaller(final CallerConnection callerConnection) {
      connection = callerConnection;
    }

    @Override
    public void answerUndelivered() {
      if (!isDone() || isCompletedExceptionally() || !undelivered.compareAndSet(false, true)) {
        return;
      }
      final List<ActivatedJob> jobs = getNow(List.of());
      if (!jobs.isEmpty()) {
        super.request.owner.undelivered(super.request, jobs);
      }
    }

    boolean callerGone() {
      return connection.gone();
    }
  }
}
