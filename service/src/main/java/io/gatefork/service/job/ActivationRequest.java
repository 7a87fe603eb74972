package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
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
 */
final class ActivationRequest implements BiConsumer<List<ActivatedJob>, Throwable> {
  final LongPollingJobs owner;
  final RequestContext context;
  final JobTypeWaiters waiters;
  final JobBatchRecord record;
  final int maxJobs;
  final boolean longPolling;
  final long deadlineNanos;
  final Future future = new Future(this);

  final List<ActivatedJob> jobs = new ArrayList<>();
  private int[] partitions = new int[0];
  private int start;
  private int asked;
  private boolean dispatched;
  boolean answered;
  ServiceException firstFailure;
  long generation;
  volatile ScheduledFuture<?> deadlineTask;

  ActivationRequest(
      final LongPollingJobs owner,
      final RequestContext context,
      final JobTypeWaiters waiters,
      final JobBatchRecord record,
      final int maxJobs,
      final boolean longPolling,
      final long deadlineNanos) {
    this.owner = owner;
    this.context = context;
    this.waiters = waiters;
    this.record = record;
    this.maxJobs = maxJobs;
    this.longPolling = longPolling;
    this.deadlineNanos = deadlineNanos;
  }

  /** Starts a walk over the given partitions (all with a leader), beginning at {@code start}. */
  void beginWalk(
      final int[] partitionIds, final int startIndex, final long notificationGeneration) {
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

  boolean deadlinePassed(final long nowNanos) {
    return nowNanos - deadlineNanos >= 0;
  }

  /** A partition's answer (on the API executor). */
  @Override
  public void accept(final List<ActivatedJob> activated, final Throwable failure) {
    owner.onAnswer(this, activated, failure);
  }

  /** The caller's future; cancelling it releases a parked request at once. */
  static final class Future extends CompletableFuture<List<ActivatedJob>> {
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
}
