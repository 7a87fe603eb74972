package io.gatefork.gateway.rest.connection;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;

/**
 * Tells which connections have been open for the maximum age: when the first request on each was
 * seen, by the connection id Tomcat gives it, which is only ever compared for equality (an opaque
 * id; no order or numbering is read into it).
 *
 * <p>A connection's entry is forgotten once no request has come on it for {@code forgetAfter}
 * (longer than the server keeps an idle connection, so Tomcat has closed it by then). An id seen
 * again after that counts as a new connection: at worst a connection lives one extra max age. So
 * does one whose entry was evicted: the cache holds {@code maxEntries} at most, so that clients
 * opening and closing connections faster than they are forgotten do not grow it. A request costs a
 * clock read and a cache look-up.
 */
final class ConnectionAges {
  private final long maxAgeNanos;
  private final Ticker ticker;
  private final Cache<String, Long> firstSeen;

  ConnectionAges(final Duration maxAge, final Duration forgetAfter, final long maxEntries) {
    this(maxAge, forgetAfter, maxEntries, Ticker.systemTicker());
  }

  ConnectionAges(
      final Duration maxAge,
      final Duration forgetAfter,
      final long maxEntries,
      final Ticker ticker) {
    if (maxAge.isNegative() || maxAge.isZero()) {
      throw new IllegalArgumentException("maxAge must be positive, but was " + maxAge);
    }
    maxAgeNanos = maxAge.toNanos();
    this.ticker = ticker;
    firstSeen =
        Caffeine.newBuilder()
            .expireAfterAccess(forgetAfter)
            .maximumSize(maxEntries)
            .ticker(ticker)
            .build();
  }

  /** Connections remembered now. */
  long size() {
    firstSeen.cleanUp();
    return firstSeen.estimatedSize();
  }

  /** Whether the connection with this id has reached the max age; notes it when first seen. */
  boolean reached(final String connectionId) {
    final long now = ticker.read();
    // no computing look-up: it would allocate a lambda per request; an HTTP/1.1 connection's
    // requests come one after the other, so its first one cannot race itself
    final Long seen = firstSeen.getIfPresent(connectionId);
    if (seen == null) {
      firstSeen.put(connectionId, now);
      return false;
    }
    return now - seen >= maxAgeNanos;
  }
}
