package io.gatefork.broker.client;

/**
 * What the partition retry of process-instance creation does when a partition answers {@code
 * RESOURCE_EXHAUSTED}. Property value {@code gatefork.retry.resource-exhausted}.
 */
public enum ResourceExhaustedRetry {
  /**
   * Answer the caller at once. Load is spread round robin, so when one partition is saturated the
   * others almost certainly are too; hopping only multiplies load (upstream #43715 / #43679).
   */
  FAIL_FAST,
  /** Stock 8.8 behaviour: try the next partition, up to every partition once. */
  NEXT_PARTITION
}
