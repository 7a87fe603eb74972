package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.function.BiConsumer;

/**
 * One job activation in flight: the record sent to each partition, the jobs collected so far and
 * where the walk over the partitions stands. The walk state is touched by one thread at a time:
 * each step starts from the previous step's answer, and a parked request is owned by whoever takes
 * it out of its {@link JobTypeWaiters}.
 *
 * <p>A REST activation in {@code stream} mode also has the shared {@link RestJobStream} it waits on
 * (null otherwise), and its future then takes the caller's connection ({@link WatchesCaller}).
 */
final class ActivationRequest implements BiConsumer<List<ActivatedJob>, Throwable> {
  final LongPollingJobs owner;
  final RequestContext context;
  final JobTypeWaiters waiters;
  final JobBatchRecord record;
  final int maxJobs;
  final boolean longPolling;
  final long deadlineNanos;
  final RestJobStream stream;
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
  long parkSequence; // stream requests: the place in the stream's queue (oldest first)

  ActivationRequest(
      final LongPollingJobs owner,
      final RequestContext context,
      final JobTypeWaiters waiters,
      final JobBatchRecord record,
      final int maxJobs,
      final boolean longPolling,
      final long deadlineNanos,
      final RestJobStream stream) {
    this.owner = owner;
    this.context = context;
    this.waiters = waiters;
    this.record = record;
    this.maxJobs = maxJobs;
    this.longPolling = longPolling;
    this.deadlineNanos = deadlineNanos;
    this.stream = stream;
    future = stream == null ? new Future(this) : new WatchedFuture(this);
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

  int remaining() {
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

  /** Whether the caller is known to have gone (only stream requests are watched). */
  boolean callerGone() {
    return future instanceof final WatchedFuture watched && watched.callerGone();
  }

  boolean deadlinePassed(final long nowNanos) {
    return nowNanos - deadlineNanos >= 0;
  }

  /** A partition's answer (on the API executor). */
  @Override
  public void accept(final List<ActivatedJob> activated, final Throwable failure) {
    owner.onAnswer(this, activated, failure);
  }

  /** The caller's future; cancelling it releases a parked request at once. */
  static class Future extends CompletableFuture<List<ActivatedJob>> {
    private final ActivationRequest request;

    private Future(final ActivationRequest request) {
      this.request = request;
    }

    @Override
    public boolean cancel(final boolean mayInterruptIfRunning) {
      final boolean cancelled = super.cancel(mayInterruptIfRunning);
      if (cancelled) {
        request.owner.cancelled(request);
      }
      return cancelled;
    }
  }

  /** A stream request's future: the front end tells it whether the caller is still connected. */
  static final class WatchedFuture extends Future implements WatchesCaller {
    private volatile CallerConnection connection = CallerConnection.UNWATCHED;

    private WatchedFuture(final ActivationRequest request) {
      super(request);
    }

    @Override
    public void watchCaller(final CallerConnection callerConnection) {
      connection = callerConnection;
    }

    boolean callerGone() {
      return connection.gone();
    }
  }
}
