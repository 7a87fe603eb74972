package io.gatefork.service.job;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.agrona.DirectBuffer;

/**
 * Jobs pushed to a stream while nobody waited, oldest first, kept for the next request until they
 * expire. Guarded by its monitor, which the hand-off also holds over pairing jobs with a request.
 * The timeout is the same for all, so the oldest expires first and a sweep looks at the head only.
 */
final class HeldJobs {

  /** A pushed job kept for the next request; the broker waits for {@code delivered}. */
  record Held(DirectBuffer payload, CompletableFuture<Void> delivered, long expiresAtNanos) {}

  private final ArrayDeque<Held> held = new ArrayDeque<>();
  private final int max;
  private boolean closed;

  HeldJobs(final int max) {
    this.max = max;
  }

  /**
   * @return false when it is full or closed: the caller refuses the job
   */
  synchronized boolean add(final Held job) {
    if (closed || held.size() >= max) {
      return false;
    }
    held.addLast(job);
    return true;
  }

  synchronized boolean isEmpty() {
    return held.isEmpty();
  }

  /** Takes the oldest {@code max} at most. */
  synchronized List<Held> take(final int max) {
    final int n = Math.min(max, held.size());
    final List<Held> taken = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      taken.add(held.pollFirst());
    }
    return taken;
  }

  /** Takes those whose hold timeout passed. */
  synchronized List<Held> takeExpired(final long nowNanos) {
    List<Held> expired = List.of();
    while (!held.isEmpty() && nowNanos - held.peekFirst().expiresAtNanos >= 0) {
      if (expired.isEmpty()) {
        expired = new ArrayList<>();
      }
      expired.add(held.pollFirst());
    }
    return expired;
  }

  /** Takes all and holds nothing from now on. */
  synchronized List<Held> close() {
    closed = true;
    return take(Integer.MAX_VALUE);
  }
}
