package io.gatefork.broker.client.topology;

import static org.assertj.core.api.Assertions.assertThat;

import io.atomix.cluster.Member;
import io.camunda.zeebe.protocol.impl.encoding.BrokerInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopologyManagerTest {

  static Member broker(final int nodeId, final String address, final BrokerInfo info) {
    final var member = Member.member("broker-" + nodeId, address);
    info.writeIntoProperties(member.properties());
    return member;
  }

  static BrokerInfo info(final int nodeId, final String address, final int partitions) {
    final var info =
        new BrokerInfo(nodeId, address)
            .setPartitionsCount(partitions)
            .setClusterSize(2)
            .setReplicationFactor(2);
    info.setVersion("8.8.0");
    return info;
  }

  @Test
  void leaderWithHighestTermWinsAndTheOtherClaimantBecomesFollower() {
    final var stale = info(0, "10.0.0.1:26501", 1).setLeaderForPartition(1, 4);
    stale.setPartitionHealthy(1);
    final var fresh = info(1, "10.0.0.2:26501", 1).setLeaderForPartition(1, 5);
    fresh.setPartitionUnhealthy(1);

    final var topology =
        TopologyManager.build(
            List.of(broker(0, "10.0.0.1:26502", stale), broker(1, "10.0.0.2:26502", fresh)));

    final var partition = topology.partition(1);
    assertThat(partition.leaderNodeId()).isEqualTo(1);
    assertThat(partition.leaderTerm()).isEqualTo(5);
    assertThat(partition.followers()).containsExactly(0);
    assertThat(partition.health()).isEqualTo("UNHEALTHY");
    assertThat(topology.leaderAddress(1).toString()).isEqualTo("10.0.0.2:26501");
  }

  @Test
  void reportsFollowersInactivePartitionsAndClusterShape() {
    final var b0 = info(0, "h0:26501", 3).setLeaderForPartition(1, 1).setFollowerForPartition(2);
    final var b1 = info(1, "h1:26501", 3).setLeaderForPartition(2, 1).setInactiveForPartition(1);

    final var topology =
        TopologyManager.build(List.of(broker(0, "h0:26502", b0), broker(1, "h1:26502", b1)));

    assertThat(topology.partitionsCount()).isEqualTo(3);
    assertThat(topology.clusterSize()).isEqualTo(2);
    assertThat(topology.replicationFactor()).isEqualTo(2);
    assertThat(topology.brokers()).extracting(BrokerNode::version).containsOnly("8.8.0");
    assertThat(topology.partition(1).inactive()).containsExactly(1);
    assertThat(topology.partition(2).followers()).containsExactly(0);
    assertThat(topology.partition(3).hasLeader()).isFalse();
    assertThat(topology.partitionsWithLeader()).containsExactly(1, 2);
  }

  @Test
  void ignoresMembersWithoutBrokerInfo() {
    final var gateway = Member.member("gateway", "127.0.0.1:26502");

    final var topology = TopologyManager.build(List.of(gateway));

    assertThat(topology.isEmpty()).isTrue();
    assertThat(topology.brokers()).isEmpty();
  }

  @Test
  void whenEveryBrokerIsGoneThePartitionsRemainWithoutLeader() {
    final var known = TestTopologies.oneBroker(3);

    final var topology = TopologyManager.build(List.of(), known);

    assertThat(topology.isEmpty()).isFalse();
    assertThat(topology.partitionsCount()).isEqualTo(3);
    assertThat(topology.partitionsWithLeader()).isEmpty();
    assertThat(topology.leaderAddress(1)).isNull();
  }
}
