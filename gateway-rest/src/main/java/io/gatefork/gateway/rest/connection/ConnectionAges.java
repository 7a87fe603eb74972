package io.gatefork.gateway.rest.connection;

import java.time.Duration;
import java.util.ArrayDeque;

/**
 * Tells which connections have been open for the maximum age, from the ids Tomcat gives its
 * connections and nothing per connection.
 *
 * <p>Tomcat numbers connections as it accepts them (one counter for all connectors). So when a
 * request on connection {@code n} is seen at time {@code t}, every connection numbered {@code n} or
 * lower was accepted before {@code t}. This keeps, for the last max age, the highest id seen and
 * when ({@link Mark}, one per tenth of the max age), and from the marks older than the max age the
 * highest id: every connection up to it has reached the age. A connection is recognised between the
 * max age and a tenth more after the first request on it was seen, never earlier; a request costs a
 * clock read and two volatile reads, and a write only on a connection's first request.
 */
final class ConnectionAges {
  private final long maxAgeNanos;
  private final long markNanos;
  private final long origin = System.nanoTime();
  private final ArrayDeque<Mark> marks = new ArrayDeque<>(); // guarded by this, oldest first

  private volatile long newestId = -1;
  private volatile long agedUpToId = -1;
  private volatile long nextAging = Long.MAX_VALUE;

  /**
   * Ids up to {@code id} were seen by {@code seenBy}; the mark takes ids from {@code opened} on.
   */
  private record Mark(long opened, long seenBy, long id) {}

  ConnectionAges(final Duration maxAge) {
    if (maxAge.isNegative() || maxAge.isZero()) {
      throw new IllegalArgumentException("maxAge must be positive, but was " + maxAge);
    }
    maxAgeNanos = maxAge.toNanos();
    markNanos = Math.max(1, maxAgeNanos / 10);
  }

  /** Whether the connection with this Tomcat id has reached the max age; notes the id as seen. */
  boolean reached(final long connectionId) {
    final long now = System.nanoTime() - origin; // >= 0: plain comparisons with MAX_VALUE hold
    if (connectionId > newestId) {
      seen(connectionId, now);
    }
    if (now >= nextAging) {
      age(now);
    }
    return connectionId <= agedUpToId;
  }

  private synchronized void seen(final long id, final long now) {
    if (id <= newestId) {
      return;
    }
    newestId = id;
    final Mark last = marks.peekLast();
    if (last != null && now - last.opened() < markNanos) {
      // the whole mark counts as seen now: late by up to a tenth of the max age, never early
      marks.pollLast();
      marks.addLast(new Mark(last.opened(), now, id));
    } else {
      marks.addLast(new Mark(now, now, id));
    }
    nextAging = marks.peekFirst().seenBy() + maxAgeNanos;
  }

  private synchronized void age(final long now) {
    Mark oldest = marks.peekFirst();
    while (oldest != null && now - oldest.seenBy() >= maxAgeNanos) {
      agedUpToId = oldest.id();
      marks.pollFirst();
      oldest = marks.peekFirst();
    }
    nextAging = oldest == null ? Long.MAX_VALUE : oldest.seenBy() + maxAgeNanos;
  }
}
