package io.gatefork.gateway.rest.topology;

import java.util.List;

/** {@code TopologyResponse} of the 8.8 spec. */
public record TopologyResponse(
    List<BrokerInfo> brokers,
    int clusterSize,
    int partitionsCount,
    int replicationFactor,
    String gatewayVersion,
    String lastCompletedChangeId) {

  public record BrokerInfo(
      int nodeId, String host, int port, List<Partition> partitions, String version) {}

  /**
   * @param role {@code leader}, {@code follower} or {@code inactive}
   * @param health {@code healthy}, {@code unhealthy} or {@code dead}
   */
  public record Partition(int partitionId, String role, String health) {}
}
