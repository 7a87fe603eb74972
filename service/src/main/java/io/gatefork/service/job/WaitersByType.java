package io.gatefork.service.job;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * The job types someone waits for, each with its {@link JobTypeWaiters}: the long polls parked for
 * it and the REST job streams that use it. An entry lives while it is used ({@link #acquire} to
 * {@link #release}) and hears job-available notifications meanwhile; a type nobody waits for any
 * more holds no state, however many types clients name.
 */
final class WaitersByType {
  private final ConcurrentMap<String, JobTypeWaiters<ActivationRequest>> byType =
      new ConcurrentHashMap<>();

  /** {@link #acquire} as a function, made once instead of a method reference per activation. */
  final Function<String, JobTypeWaiters<ActivationRequest>> acquirer = this::acquire;

  /**
   * The type's waiters, counted as used until {@link #release}d: a request's until its answer, a
   * job stream's until it closes.
   */
  JobTypeWaiters<ActivationRequest> acquire(final String type) {
    JobTypeWaiters<ActivationRequest> waiters = byType.get(type);
    while (waiters == null || !waiters.tryAcquire()) {
      if (waiters != null) {
        byType.remove(type, waiters); // its last user left meanwhile
      }
      waiters = byType.computeIfAbsent(type, JobTypeWaiters::new);
    }
    return waiters;
  }

  /** One user of {@link #acquire} is done; the last one removes the type's entry. */
  void release(final JobTypeWaiters<?> waiters) {
    if (waiters.release()) {
      byType.remove(waiters.type, waiters);
    }
  }

  /** The type's waiters; null when nobody waits for it. */
  JobTypeWaiters<ActivationRequest> find(final String type) {
    return byType.get(type);
  }

  /** Requests parked for the type now. */
  int parked(final String type) {
    final var waiters = byType.get(type);
    return waiters == null ? 0 : waiters.parked.size();
  }

  /** Types with an entry now. */
  int types() {
    return byType.size();
  }

  Collection<JobTypeWaiters<ActivationRequest>> all() {
    return byType.values();
  }
}
