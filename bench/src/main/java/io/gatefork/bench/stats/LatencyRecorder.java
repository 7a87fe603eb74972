package io.gatefork.bench.stats;

import java.util.Arrays;

/**
 * Collects latencies from many threads. Bounded: past {@code capacity} values it counts what it
 * dropped instead of growing (the measured window of one cell holds far fewer).
 */
public final class LatencyRecorder {
  private final int capacity;
  private long[] values = new long[1024];
  private int size;
  private long dropped;

  public LatencyRecorder(final int capacity) {
    this.capacity = capacity;
  }

  public synchronized void record(final long nanos) {
    if (size == values.length) {
      if (size >= capacity) {
        dropped++;
        return;
      }
      values = Arrays.copyOf(values, Math.min(capacity, size * 2));
    }
    values[size++] = nanos;
  }

  public synchronized long[] snapshot() {
    return Arrays.copyOf(values, size);
  }

  public synchronized long dropped() {
    return dropped;
  }

  public LatencySummary summary() {
    return LatencySummary.ofNanos(snapshot());
  }
}
