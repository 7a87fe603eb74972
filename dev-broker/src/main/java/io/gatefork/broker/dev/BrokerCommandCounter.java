package io.gatefork.broker.dev;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Counts the command requests the broker's command API received, per partition, including those it
 * refused with {@code RESOURCE_EXHAUSTED}. Tests use it to prove how many broker requests a client
 * request caused.
 *
 * <p>Thread-safe. Each counter is exact; a read of several counters is not one atomic snapshot.
 */
public final class BrokerCommandCounter {

  private final int partitionCount;
  private final AtomicLongArray received;
  private final AtomicLongArray resourceExhausted;

  BrokerCommandCounter(final int partitionCount) {
    this.partitionCount = partitionCount;
    // index = partition id; index 0 collects ids outside 1..partitionCount
    received = new AtomicLongArray(partitionCount + 1);
    resourceExhausted = new AtomicLongArray(partitionCount + 1);
  }

  /** Commands received on all partitions. */
  public long total() {
    long sum = 0;
    for (int i = 0; i < received.length(); i++) {
      sum += received.get(i);
    }
    return sum;
  }

  /** Commands received for the partition. */
  public long received(final int partitionId) {
    return received.get(index(partitionId));
  }

  /** Commands for the partition that were answered with {@code RESOURCE_EXHAUSTED}. */
  public long resourceExhausted(final int partitionId) {
    return resourceExhausted.get(index(partitionId));
  }

  /** Commands answered with {@code RESOURCE_EXHAUSTED} on all partitions. */
  public long resourceExhaustedTotal() {
    long sum = 0;
    for (int i = 0; i < resourceExhausted.length(); i++) {
      sum += resourceExhausted.get(i);
    }
    return sum;
  }

  /** Sets every counter to zero. */
  public void reset() {
    for (int i = 0; i < received.length(); i++) {
      received.set(i, 0);
      resourceExhausted.set(i, 0);
    }
  }

  void onReceived(final int partitionId) {
    received.incrementAndGet(index(partitionId));
  }

  void onResourceExhausted(final int partitionId) {
    resourceExhausted.incrementAndGet(index(partitionId));
  }

  private int index(final int partitionId) {
    return partitionId >= 1 && partitionId <= partitionCount ? partitionId : 0;
  }

  @Override
  public String toString() {
    return "BrokerCommandCounter{received="
        + received
        + ", resourceExhausted="
        + resourceExhausted
        + "}";
  }
}
