package io.gatefork.broker.client.topology;

import io.atomix.cluster.Member;
import io.camunda.zeebe.protocol.impl.encoding.BrokerInfo;
import java.util.Arrays;
import java.util.List;

/** Topologies for unit tests: one broker leading every partition but the listed ones. */
public final class TestTopologies {
  private TestTopologies() {}

  public static BrokerTopology oneBroker(final int partitions, final int... leaderless) {
    final var info =
        new BrokerInfo(0, "127.0.0.1:26501")
            .setPartitionsCount(partitions)
            .setClusterSize(1)
            .setReplicationFactor(1);
    for (int p = 1; p <= partitions; p++) {
      final int id = p;
      if (Arrays.stream(leaderless).noneMatch(none -> none == id)) {
        info.setLeaderForPartition(p, 1);
      }
    }
    final var member = Member.member("0", "127.0.0.1:26501");
    info.writeIntoProperties(member.properties());
    return TopologyManager.build(List.of(member));
  }
}
