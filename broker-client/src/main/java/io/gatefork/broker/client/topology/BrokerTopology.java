package io.gatefork.broker.client.topology;

import io.atomix.utils.net.Address;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * An immutable picture of the cluster built from the brokers' {@code BrokerInfo}: who leads each
 * partition (highest term wins), followers, health, broker addresses and versions. A new snapshot
 * replaces the old one on every membership change, so readers never lock.
 */
public final class BrokerTopology {
  public static final BrokerTopology EMPTY =
      new BrokerTopology(Map.of(), new PartitionInfo[1], 0, 0, 0);

  private final Map<Integer, BrokerNode> brokers;
  // index = partition id (slot 0 unused): the hot path looks leaders up by id
  private final PartitionInfo[] partitions;
  private final int partitionsCount;
  private final int clusterSize;
  private final int replicationFactor;
  private final int[] partitionsWithLeader;

  BrokerTopology(
      final Map<Integer, BrokerNode> brokers,
      final PartitionInfo[] partitions,
      final int partitionsCount,
      final int clusterSize,
      final int replicationFactor) {
    this.brokers = Collections.unmodifiableMap(brokers);
    this.partitions = partitions;
    this.partitionsCount = partitionsCount;
    this.clusterSize = clusterSize;
    this.replicationFactor = replicationFactor;
    partitionsWithLeader =
        java.util.Arrays.stream(partitions)
            .filter(p -> p != null && p.hasLeader())
            .mapToInt(PartitionInfo::partitionId)
            .toArray();
  }

  /** True until at least one broker has published its {@code BrokerInfo}. */
  public boolean isEmpty() {
    return partitionsCount == 0;
  }

  public int partitionsCount() {
    return partitionsCount;
  }

  public int clusterSize() {
    return clusterSize;
  }

  public int replicationFactor() {
    return replicationFactor;
  }

  public Collection<BrokerNode> brokers() {
    return brokers.values();
  }

  public BrokerNode broker(final int nodeId) {
    return brokers.get(nodeId);
  }

  public boolean hasPartition(final int partitionId) {
    return partitionId >= 1 && partitionId <= partitionsCount;
  }

  /** The partition's state, or null when the cluster has no such partition. */
  public PartitionInfo partition(final int partitionId) {
    return hasPartition(partitionId) ? partitions[partitionId] : null;
  }

  public List<PartitionInfo> partitions() {
    final var list = new ArrayList<PartitionInfo>(partitionsCount);
    for (int id = 1; id <= partitionsCount; id++) {
      list.add(partitions[id]);
    }
    return list;
  }

  /** The leader's command API address, or null when the partition has no known leader. */
  public Address leaderAddress(final int partitionId) {
    return hasPartition(partitionId) ? partitions[partitionId].leader() : null;
  }

  /** Ids of partitions that currently have a leader, ascending. Do not modify. */
  public int[] partitionsWithLeader() {
    return partitionsWithLeader;
  }

  @Override
  public String toString() {
    return "BrokerTopology{partitions=" + partitions() + ", brokers=" + brokers.values() + "}";
  }
}
