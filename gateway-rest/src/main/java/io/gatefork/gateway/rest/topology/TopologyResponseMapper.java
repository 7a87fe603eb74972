package io.gatefork.gateway.rest.topology;

import io.gatefork.service.topology.ClusterTopology;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** ClusterTopology to the spec's shape (lower-case role and health enums). */
final class TopologyResponseMapper {

  private TopologyResponseMapper() {}

  static TopologyResponse toResponse(final ClusterTopology topology) {
    final List<ClusterTopology.Broker> brokers =
        topology.brokers() == null ? List.of() : topology.brokers();
    final var mapped = new ArrayList<TopologyResponse.BrokerInfo>(brokers.size());
    for (final ClusterTopology.Broker broker : brokers) {
      mapped.add(toBrokerInfo(broker));
    }
    return new TopologyResponse(
        mapped,
        topology.clusterSize(),
        topology.partitionsCount(),
        topology.replicationFactor(),
        topology.gatewayVersion() == null ? "" : topology.gatewayVersion(),
        topology.lastCompletedChangeId() == null ? "-1" : topology.lastCompletedChangeId());
  }

  private static TopologyResponse.BrokerInfo toBrokerInfo(final ClusterTopology.Broker broker) {
    final List<ClusterTopology.Partition> partitions =
        broker.partitions() == null ? List.of() : broker.partitions();
    final var mapped = new ArrayList<TopologyResponse.Partition>(partitions.size());
    for (final ClusterTopology.Partition partition : partitions) {
      mapped.add(
          new TopologyResponse.Partition(
              partition.partitionId(), role(partition.role()), health(partition.health())));
    }
    return new TopologyResponse.BrokerInfo(
        broker.nodeId(),
        broker.host(),
        broker.port(),
        mapped,
        broker.version() == null ? "" : broker.version());
  }

  static String role(final String role) {
    return switch (role == null ? "" : role) {
      case "LEADER" -> "leader";
      case "FOLLOWER" -> "follower";
      case "INACTIVE", "" -> "inactive";
      default -> role.toLowerCase(Locale.ROOT);
    };
  }

  static String health(final String health) {
    return switch (health == null ? "" : health) {
      case "HEALTHY" -> "healthy";
      case "UNHEALTHY" -> "unhealthy";
      case "DEAD", "" -> "dead";
      default -> health.toLowerCase(Locale.ROOT);
    };
  }
}
