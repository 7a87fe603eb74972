package io.gatefork.service.job;

import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The requests waiting on one job stream, oldest first. It only orders: a request stays owned by
 * long polling until {@link #takeOldest} claimed it; one that left otherwise (deadline,
 * notification, cancel) is dropped when it leaves.
 */
final class WaitingQueue {
  private final ConcurrentSkipListMap<Long, WaitingActivation> queue =
      new ConcurrentSkipListMap<>();
  private final AtomicLong places = new AtomicLong();
  private final StreamMetrics metrics;

  WaitingQueue(final StreamMetrics metrics) {
    this.metrics = metrics;
  }

  /**
   * @return its place, to {@link #dequeue} it by
   */
  long enqueue(final WaitingActivation request) {
    final long place = places.incrementAndGet();
    queue.put(place, request);
    metrics.parked(1);
    return place;
  }

  void dequeue(final WaitingActivation request, final long place) {
    if (queue.remove(place, request)) {
      metrics.parked(-1);
    }
  }

  boolean isEmpty() {
    return queue.isEmpty();
  }

  /** The oldest waiting request, now owned by the caller; null when none waits. */
  WaitingActivation takeOldest() {
    Map.Entry<Long, WaitingActivation> oldest;
    while ((oldest = queue.pollFirstEntry()) != null) {
      metrics.parked(-1);
      if (oldest.getValue().claim()) {
        return oldest.getValue();
      }
      // left meanwhile (deadline, notification, cancel): whoever took it answers it
    }
    return null;
  }
}
