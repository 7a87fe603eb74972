package io.gatefork.service.topology;

import java.util.List;

/** The cluster as {@code GET /v2/topology} and the {@code Topology} RPC report it. */
public record ClusterTopology(
    List<Broker> brokers,
    int clusterSize,
    int partitionsCount,
    int replicationFactor,
    String gatewayVersion,
    String lastCompletedChangeId) {

  public record Broker(
      int nodeId, String host, int port, List<Partition> partitions, String version) {}

  /**
   * @param role {@code LEADER}, {@code FOLLOWER} or {@code INACTIVE}
   * @param health {@code HEALTHY}, {@code UNHEALTHY} or {@code DEAD}
   */
  public record Partition(int partitionId, String role, String health) {}
}
