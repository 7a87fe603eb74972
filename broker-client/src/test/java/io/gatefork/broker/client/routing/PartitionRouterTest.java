package io.gatefork.broker.client.routing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.SubscriptionUtil;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.topology.TestTopologies;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

class PartitionRouterTest {
  private final PartitionRouter router = new PartitionRouter();

  private static BrokerTopology topology(final int partitions, final int... leaderless) {
    return TestTopologies.oneBroker(partitions, leaderless);
  }

  @Test
  void keyAddressedCommandGoesToThePartitionEncodedInTheKey() {
    final long key = Protocol.encodePartitionId(3, 42);

    assertThat(router.partitionFor(PartitionTarget.byKey(key), topology(3))).isEqualTo(3);
  }

  @Test
  void deploymentsGoToTheDeploymentPartition() {
    assertThat(router.partitionFor(PartitionTarget.DEPLOYMENT, topology(3))).isEqualTo(1);
  }

  @Test
  void messagesGoToThePartitionOfTheirCorrelationKey() {
    final int expected =
        SubscriptionUtil.getSubscriptionPartitionId(BufferUtil.wrapString("order-7"), 3);

    assertThat(router.partitionFor(PartitionTarget.byCorrelationKey("order-7"), topology(3)))
        .isEqualTo(expected);
  }

  @Test
  void roundRobinVisitsEveryPartitionWithALeaderInTurn() {
    final var topology = topology(3);
    final var picked = new ArrayList<Integer>();
    for (int i = 0; i < 6; i++) {
      picked.add(router.partitionFor(PartitionTarget.ROUND_ROBIN, topology));
    }

    assertThat(picked).containsExactly(1, 2, 3, 1, 2, 3);
  }

  @Test
  void roundRobinSkipsPartitionsWithoutLeader() {
    final var topology = topology(3, 2);
    final var picked = new ArrayList<Integer>();
    for (int i = 0; i < 4; i++) {
      picked.add(router.partitionFor(PartitionTarget.ROUND_ROBIN, topology));
    }

    assertThat(picked).containsExactly(1, 3, 1, 3);
  }

  @Test
  void failsAtOnceWithoutTopology() {
    assertThatThrownBy(() -> router.partitionFor(PartitionTarget.ROUND_ROBIN, BrokerTopology.EMPTY))
        .isInstanceOf(BrokerClientException.NoTopology.class);
  }

  @Test
  void failsAtOnceForAPartitionTheClusterDoesNotHave() {
    final long key = Protocol.encodePartitionId(7, 1);

    assertThatThrownBy(() -> router.partitionFor(PartitionTarget.byKey(key), topology(3)))
        .isInstanceOfSatisfying(
            BrokerClientException.PartitionNotFound.class,
            e -> {
              assertThat(e.fromKey()).isTrue();
              assertThat(e.key()).isEqualTo(key);
            })
        .hasMessageContaining("partition 7");
  }

  @Test
  void aFixedPartitionTheClusterDoesNotHaveIsNotAboutAKey() {
    assertThatThrownBy(() -> router.partitionFor(PartitionTarget.fixed(7), topology(3)))
        .isInstanceOfSatisfying(
            BrokerClientException.PartitionNotFound.class, e -> assertThat(e.fromKey()).isFalse());
  }

  @Test
  void roundRobinFailsAtOnceWhenNoPartitionHasALeader() {
    assertThatThrownBy(() -> router.partitionFor(PartitionTarget.ROUND_ROBIN, topology(2, 1, 2)))
        .isInstanceOf(BrokerClientException.NoLeader.class);
  }
}
