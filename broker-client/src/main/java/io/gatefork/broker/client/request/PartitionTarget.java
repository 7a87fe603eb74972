package io.gatefork.broker.client.request;

/** Which partition a command goes to; resolved against the topology when it is sent. */
public sealed interface PartitionTarget {

  /** Commands about an existing entity go to the partition encoded in its key. */
  record ByKey(long key) implements PartitionTarget {}

  /** New entities (process instances, decisions) are spread over partitions with a leader. */
  record RoundRobin() implements PartitionTarget {}

  /** Deployments, resource deletion, signals, clock and identity go to the deployment partition. */
  record DeploymentPartition() implements PartitionTarget {}

  /** Messages go to the partition their correlation key hashes to, so they meet subscriptions. */
  record ByCorrelationKey(String correlationKey) implements PartitionTarget {}

  /** A partition chosen by the caller, e.g. job activation walking every partition. */
  record Fixed(int partitionId) implements PartitionTarget {}

  PartitionTarget ROUND_ROBIN = new RoundRobin();
  PartitionTarget DEPLOYMENT = new DeploymentPartition();

  static PartitionTarget byKey(final long key) {
    return new ByKey(key);
  }

  static PartitionTarget fixed(final int partitionId) {
    return new Fixed(partitionId);
  }

  static PartitionTarget byCorrelationKey(final String correlationKey) {
    return new ByCorrelationKey(correlationKey);
  }
}
