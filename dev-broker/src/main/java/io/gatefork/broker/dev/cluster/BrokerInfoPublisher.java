package io.gatefork.broker.dev.cluster;

import io.atomix.cluster.AtomixCluster;
import io.camunda.zeebe.protocol.impl.encoding.BrokerInfo;
import java.util.Set;

/**
 * Publishes the broker's {@link BrokerInfo} in its Atomix member properties, where gateways (and
 * other brokers) read topology from: node id, command API address, partition count, cluster size,
 * and the partitions this broker leads (in its term, healthy) or has stepped down from (follower).
 */
public final class BrokerInfoPublisher {

  private BrokerInfoPublisher() {}

  /**
   * Writes the BrokerInfo into the local member's live properties; SWIM gossips the change to the
   * other members.
   */
  public static BrokerInfo publish(
      final AtomixCluster cluster,
      final int nodeId,
      final String commandApiAddress,
      final int partitionCount,
      final int clusterSize,
      final String version,
      final long term,
      final Set<Integer> ledPartitions,
      final Set<Integer> followedPartitions) {
    final var info =
        new BrokerInfo(nodeId, commandApiAddress)
            .setPartitionsCount(partitionCount)
            .setClusterSize(clusterSize)
            .setReplicationFactor(1);
    info.setVersion(version);
    for (final int partitionId : ledPartitions) {
      info.setLeaderForPartition(partitionId, term);
      info.setPartitionHealthy(partitionId);
    }
    for (final int partitionId : followedPartitions) {
      info.setFollowerForPartition(partitionId);
      info.setPartitionHealthy(partitionId);
    }
    info.writeIntoProperties(cluster.getMembershipService().getLocalMember().properties());
    return info;
  }
}
