package io.gatefork.broker.client;

import java.time.Duration;

/**
 * Client-given timeouts as numbers that cannot overflow: a request may ask for any int64 of
 * milliseconds, which is more nanoseconds than a long holds, and a deadline is {@code now +
 * timeout}. Both conversions saturate at {@link #MAX_NANOS} (about 73 years), far beyond any real
 * wait and small enough that adding it to {@code System.nanoTime()} stays positive.
 */
public final class Timeouts {
  public static final long MAX_NANOS = Long.MAX_VALUE / 4;
  public static final long MAX_MILLIS = MAX_NANOS / 1_000_000;

  private Timeouts() {}

  /** The duration in nanoseconds, at most {@link #MAX_NANOS}; negative stays negative. */
  public static long nanos(final Duration duration) {
    if (duration.getSeconds() >= MAX_NANOS / 1_000_000_000L) {
      return MAX_NANOS;
    }
    if (duration.getSeconds() <= -(MAX_NANOS / 1_000_000_000L)) {
      return -MAX_NANOS;
    }
    return duration.toNanos();
  }

  /** The duration in milliseconds, at most {@link #MAX_MILLIS}; negative stays negative. */
  public static long millis(final Duration duration) {
    return nanos(duration) / 1_000_000;
  }

  /** {@code a + b} for non-negative millisecond counts, at most {@link #MAX_MILLIS}. */
  public static long plusMillis(final long a, final long b) {
    final long sum = a + b;
    return sum < 0 || sum > MAX_MILLIS ? MAX_MILLIS : sum;
  }
}
