package io.gatefork.service.job;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The parked activation requests of one job type, and a count of job-available notifications for
 * it. Membership in {@link #parked} is ownership: whoever removes a request from it (a
 * notification, the deadline, a cancellation, a push) decides what happens to it next.
 *
 * <p>It also counts its users: the requests in flight for the type and the job streams open for it.
 * The entry lives in long polling's map only while it has users (the job type is the client's
 * choice: entries that outlived their requests would grow without bound); the last user retires it
 * and no user is counted afterwards, so a new request for the type makes a new entry instead of
 * parking in one nobody notifies.
 *
 * @param <R> the parked requests (a type parameter keeps this below the requests that name it)
 */
final class JobTypeWaiters<R> {
  private static final int RETIRED = -1;

  /** {@link #probeMark} of a type without waiting requests at the last probe. */
  static final long NOT_WAITING = -1;

  final String type;
  final Set<R> parked = ConcurrentHashMap.newKeySet();
  private final AtomicLong notifications = new AtomicLong();
  private final AtomicInteger users = new AtomicInteger();

  /**
   * The {@link #generation} seen at long polling's last probe while requests waited, or {@link
   * #NOT_WAITING}: unchanged at the next, they heard nothing for a whole probe timeout. Read and
   * written on the probe's thread only.
   */
  long probeMark = NOT_WAITING;

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

  /** Counts a user; false when the last one has retired it: the caller makes a new entry. */
  boolean tryAcquire() {
    for (int count = users.get(); count != RETIRED; count = users.get()) {
      if (users.compareAndSet(count, count + 1)) {
        return true;
      }
    }
    return false;
  }

  /** Uncounts a user; true when it was the last one and the entry is now retired. */
  boolean release() {
    return users.decrementAndGet() == 0 && users.compareAndSet(0, RETIRED);
  }
}
