package io.gatefork.service.topology;

import io.camunda.zeebe.util.VersionUtil;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.topology.BrokerNode;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.topology.PartitionInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/** The cluster as the broker client currently sees it; no broker round trip. */
public final class BrokerTopologyServices implements TopologyServices {
  /**
   * The Camunda version this gateway stands in for, reported as {@code gatewayVersion}: the patch
   * of the Camunda libraries it is built on, or {@code ZEEBE_VERSION_OVERRIDE} as in stock.
   */
  public static final String GATEWAY_VERSION = VersionUtil.getVersion();

  static final String LEADER = "LEADER";
  static final String FOLLOWER = "FOLLOWER";
  static final String INACTIVE = "INACTIVE";
  static final String HEALTHY = "HEALTHY";
  static final String UNHEALTHY = "UNHEALTHY";
  static final String DEAD = "DEAD";
  // no gateway-side cluster configuration changes are tracked; the stock value for "none"
  static final String NO_CHANGE_ID = "-1";

  private final BrokerClient brokerClient;

  public BrokerTopologyServices(final BrokerClient brokerClient) {
    this.brokerClient = Objects.requireNonNull(brokerClient, "brokerClient");
  }

  @Override
  public ClusterTopology topology() {
    final BrokerTopology topology = brokerClient.topology();
    final List<PartitionInfo> partitions = topology.partitions();
    final var brokers = new ArrayList<ClusterTopology.Broker>();
    for (final BrokerNode node : topology.brokers()) {
      brokers.add(broker(node, partitions));
    }
    brokers.sort(Comparator.comparingInt(ClusterTopology.Broker::nodeId));
    return new ClusterTopology(
        List.copyOf(brokers),
        topology.clusterSize(),
        topology.partitionsCount(),
        topology.replicationFactor(),
        GATEWAY_VERSION,
        NO_CHANGE_ID);
  }

  @Override
  public boolean isClusterReachable() {
    return brokerClient.topology().partitionsWithLeader().length > 0;
  }

  @Override
  public List<Integer> partitionsWithoutLeader() {
    final var without = new ArrayList<Integer>();
    for (final PartitionInfo partition : brokerClient.topology().partitions()) {
      if (!partition.hasLeader()) {
        without.add(partition.partitionId());
      }
    }
    return without;
  }

  private static ClusterTopology.Broker broker(
      final BrokerNode node, final List<PartitionInfo> partitions) {
    final var roles = new ArrayList<ClusterTopology.Partition>();
    for (final PartitionInfo partition : partitions) {
      if (partition == null) {
        continue;
      }
      final int nodeId = node.nodeId();
      if (partition.leaderNodeId() == nodeId) {
        roles.add(
            new ClusterTopology.Partition(
                partition.partitionId(), LEADER, leaderHealth(partition.health())));
      } else if (partition.followers().contains(nodeId)) {
        // BrokerInfo carries health for partitions a broker leads; followers report no health
        roles.add(new ClusterTopology.Partition(partition.partitionId(), FOLLOWER, HEALTHY));
      } else if (partition.inactive().contains(nodeId)) {
        roles.add(new ClusterTopology.Partition(partition.partitionId(), INACTIVE, HEALTHY));
      }
    }
    return new ClusterTopology.Broker(
        node.nodeId(), host(node), port(node), List.copyOf(roles), node.version());
  }

  private static String leaderHealth(final String health) {
    if (HEALTHY.equals(health) || UNHEALTHY.equals(health) || DEAD.equals(health)) {
      return health;
    }
    return UNHEALTHY; // unknown: do not claim health the leader did not report
  }

  static String host(final BrokerNode node) {
    if (node.commandApi() != null) {
      return node.commandApi().host();
    }
    final String address = node.commandApiAddress();
    if (address == null) {
      return null;
    }
    final int colon = address.lastIndexOf(':');
    final String host = colon < 0 ? address : address.substring(0, colon);
    // [::1] -> ::1
    return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
  }

  static int port(final BrokerNode node) {
    if (node.commandApi() != null) {
      return node.commandApi().port();
    }
    final String address = node.commandApiAddress();
    final int colon = address == null ? -1 : address.lastIndexOf(':');
    if (colon < 0) {
      return 0;
    }
    try {
      return Integer.parseInt(address.substring(colon + 1));
    } catch (final NumberFormatException e) {
      return 0;
    }
  }
}
