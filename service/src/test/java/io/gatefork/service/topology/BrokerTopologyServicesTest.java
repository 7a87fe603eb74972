package io.gatefork.service.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.util.VersionUtil;
import io.gatefork.broker.client.topology.BrokerNode;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.topology.TestTopologies;
import io.gatefork.service.testing.FakeBrokerClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerTopologyServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerTopologyServices services = new BrokerTopologyServices(broker);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void reportsBrokersWithAddressesAndPartitionRoles() {
    broker.topology(TestTopologies.threeBrokers());

    final ClusterTopology topology = services.topology();

    assertThat(topology.clusterSize()).isEqualTo(3);
    assertThat(topology.partitionsCount()).isEqualTo(2);
    assertThat(topology.replicationFactor()).isEqualTo(3);
    // the patch of the Camunda libraries the gateway is built on, as stock reports its own
    assertThat(topology.gatewayVersion()).isEqualTo(VersionUtil.getVersion()).startsWith("8.8.");
    if (System.getProperty("camunda.version") != null) { // under Maven: the build's patch
      assertThat(topology.gatewayVersion()).isEqualTo(System.getProperty("camunda.version"));
    }
    assertThat(topology.brokers())
        .extracting(ClusterTopology.Broker::nodeId)
        .containsExactly(0, 1, 2);
    final var first = topology.brokers().getFirst();
    assertThat(first.host()).isEqualTo("broker-0");
    assertThat(first.port()).isEqualTo(26500);
    assertThat(first.version()).isEqualTo("8.8.0");
    assertThat(first.partitions())
        .containsExactly(
            new ClusterTopology.Partition(1, "LEADER", "HEALTHY"),
            new ClusterTopology.Partition(2, "FOLLOWER", "HEALTHY"));
    assertThat(topology.brokers().get(1).partitions())
        .containsExactly(
            new ClusterTopology.Partition(1, "FOLLOWER", "HEALTHY"),
            new ClusterTopology.Partition(2, "LEADER", "UNHEALTHY"));
    assertThat(topology.brokers().get(2).partitions())
        .containsExactly(
            new ClusterTopology.Partition(1, "FOLLOWER", "HEALTHY"),
            new ClusterTopology.Partition(2, "INACTIVE", "HEALTHY"));
  }

  @Test
  void anEmptyClusterHasNoBrokersAndIsNotReachable() {
    broker.topology(BrokerTopology.EMPTY);

    assertThat(services.topology().brokers()).isEmpty();
    assertThat(services.isClusterReachable()).isFalse();
  }

  @Test
  void reachableOnlyWhenSomePartitionHasALeader() {
    broker.topology(TestTopologies.withoutLeaders(2));
    assertThat(services.isClusterReachable()).isFalse();

    broker.topology(TestTopologies.singleBrokerLeading(2));
    assertThat(services.isClusterReachable()).isTrue();
  }

  @Test
  void namesThePartitionsWithoutALeader() {
    broker.topology(BrokerTopology.EMPTY);
    assertThat(services.partitionsWithoutLeader()).as("nothing known yet").isEmpty();

    broker.topology(TestTopologies.singleBrokerLeadingAllBut(3, 2));
    assertThat(services.partitionsWithoutLeader()).containsExactly(2);

    broker.topology(TestTopologies.threeBrokers());
    assertThat(services.partitionsWithoutLeader()).isEmpty();
  }

  @Test
  void splitsHostAndPortFromThePublishedAddressWhenNotParsed() {
    final var ipv6 = new BrokerNode(3, "3", "[::1]:26501", null, "8.8.0");
    final var named = new BrokerNode(4, "4", "broker-4:26502", null, "8.8.0");

    assertThat(BrokerTopologyServices.host(ipv6)).isEqualTo("::1");
    assertThat(BrokerTopologyServices.port(ipv6)).isEqualTo(26501);
    assertThat(BrokerTopologyServices.host(named)).isEqualTo("broker-4");
    assertThat(BrokerTopologyServices.port(named)).isEqualTo(26502);
  }
}
