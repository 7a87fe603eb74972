package io.gatefork.service.job;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The parked activation requests of one job type, and a count of job-available notifications for
 * it. Membership in {@link #parked} is ownership: whoever removes a request from it (a
 * notification, the deadline, a cancellation, a push) decides what happens to it next.
 *
 * @param <R> the parked requests (a type parameter keeps this below the requests that name it)
 */
final class JobTypeWaiters<R> {
  final String type;
  final Set<R> parked = ConcurrentHashMap.newKeySet();
  private final AtomicLong notifications = new AtomicLong();

  JobTypeWaiters(final String type) {
    this.type = type;
  }

  /** Changes whenever jobs of this type became available; a walk compares it before parking. */
  long generation() {
    return notifications.get();
  }

  void notified() {
    notifications.incrementAndGet();
  }
}
