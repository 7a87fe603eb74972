package io.gatefork.broker.client.metrics;

import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.topology.BrokerTopologyListener;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code zeebe.gateway.topology.partition.roles}: per partition and broker, 3 for leader, 0 for
 * follower (as the stock gateway reports; inactive and unknown report -1).
 */
public final class PartitionRoleGauges implements BrokerTopologyListener {
  static final int LEADER = 3;
  static final int FOLLOWER = 0;
  static final int NONE = -1;

  private final MeterRegistry registry;
  private final Map<String, AtomicInteger> roles = new ConcurrentHashMap<>();

  public PartitionRoleGauges(final MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void topologyChanged(final BrokerTopology topology) {
    roles.values().forEach(role -> role.set(NONE));
    for (final var partition : topology.partitions()) {
      if (partition.hasLeader()) {
        role(partition.partitionId(), partition.leaderNodeId()).set(LEADER);
      }
      for (final int follower : partition.followers()) {
        role(partition.partitionId(), follower).set(FOLLOWER);
      }
    }
  }

  private AtomicInteger role(final int partitionId, final int brokerId) {
    return roles.computeIfAbsent(
        partitionId + "/" + brokerId,
        k -> {
          final var value = new AtomicInteger(NONE);
          Gauge.builder("zeebe.gateway.topology.partition.roles", value, AtomicInteger::get)
              .description("The partition role of the broker. 0 = Follower, 3 = Leader.")
              .tag("partition", Integer.toString(partitionId))
              .tag("broker", Integer.toString(brokerId))
              .register(registry);
          return value;
        });
  }
}
