package io.gatefork.broker.client.topology;

import io.atomix.utils.net.Address;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds {@link BrokerTopology} snapshots for service tests (its constructor is package-private:
 * only the broker client's topology manager makes real ones).
 */
public final class TestTopologies {
  private TestTopologies() {}

  /** One broker (node 0 at {@code broker-0:26501}) leading every partition. */
  public static BrokerTopology singleBrokerLeading(final int partitionsCount) {
    return singleBrokerLeadingAllBut(partitionsCount);
  }

  /** One broker leading every partition but the {@code leaderless} ones (known, no leader). */
  public static BrokerTopology singleBrokerLeadingAllBut(
      final int partitionsCount, final int... leaderless) {
    final var node =
        new BrokerNode(0, "0", "broker-0:26501", new Address("broker-0", 26501), "8.8.0");
    final var partitions = new PartitionInfo[partitionsCount + 1];
    for (int id = 1; id <= partitionsCount; id++) {
      partitions[id] =
          new PartitionInfo(id, 0, 1, node.commandApi(), List.of(), List.of(), "HEALTHY");
    }
    for (final int id : leaderless) {
      partitions[id] = new PartitionInfo(id, -1, 0, null, List.of(), List.of(), "UNKNOWN");
    }
    return new BrokerTopology(Map.of(0, node), partitions, partitionsCount, 1, 1);
  }

  /**
   * Three brokers, two partitions, replication factor 3: partition 1 led by node 0 (healthy),
   * partition 2 led by node 1 (unhealthy), node 2 inactive on partition 2.
   */
  public static BrokerTopology threeBrokers() {
    final var nodes = new HashMap<Integer, BrokerNode>();
    for (int id = 0; id < 3; id++) {
      nodes.put(
          id,
          new BrokerNode(
              id,
              String.valueOf(id),
              "broker-" + id + ":2650" + id,
              new Address("broker-" + id, 26500 + id),
              "8.8.0"));
    }
    final var partitions = new PartitionInfo[3];
    partitions[1] =
        new PartitionInfo(1, 0, 3, nodes.get(0).commandApi(), List.of(1, 2), List.of(), "HEALTHY");
    partitions[2] =
        new PartitionInfo(2, 1, 2, nodes.get(1).commandApi(), List.of(0), List.of(2), "UNHEALTHY");
    return new BrokerTopology(nodes, partitions, 2, 3, 3);
  }

  /** Partitions known but none has a leader. */
  public static BrokerTopology withoutLeaders(final int partitionsCount) {
    final var node =
        new BrokerNode(0, "0", "broker-0:26501", new Address("broker-0", 26501), "8.8.0");
    final var partitions = new PartitionInfo[partitionsCount + 1];
    for (int id = 1; id <= partitionsCount; id++) {
      partitions[id] = new PartitionInfo(id, -1, 0, null, List.of(0), List.of(), "UNKNOWN");
    }
    return new BrokerTopology(Map.of(0, node), partitions, partitionsCount, 1, 1);
  }
}
