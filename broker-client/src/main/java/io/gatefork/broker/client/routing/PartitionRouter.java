package io.gatefork.broker.client.routing;

import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.SubscriptionUtil;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.broker.client.topology.BrokerTopology;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Turns a {@link PartitionTarget} into a partition id for the current topology. Fails at once,
 * never by timeout, when the answer cannot be right: no topology yet, a partition the cluster does
 * not have (for a key: no entity can have it), or (for round robin) no partition with a leader.
 */
public final class PartitionRouter {
  private final AtomicInteger roundRobin = new AtomicInteger();

  public int partitionFor(final PartitionTarget target, final BrokerTopology topology) {
    if (topology.isEmpty()) {
      throw new BrokerClientException.NoTopology();
    }
    final int partitionId =
        switch (target) {
          case PartitionTarget.ByKey byKey -> Protocol.decodePartitionId(byKey.key());
          case PartitionTarget.Fixed fixed -> fixed.partitionId();
          case PartitionTarget.DeploymentPartition d -> Protocol.DEPLOYMENT_PARTITION;
          case PartitionTarget.ByCorrelationKey message ->
              SubscriptionUtil.getSubscriptionPartitionId(
                  BufferUtil.wrapString(message.correlationKey()), topology.partitionsCount());
          case PartitionTarget.RoundRobin r -> nextRoundRobin(topology);
        };
    if (!topology.hasPartition(partitionId)) {
      throw target instanceof final PartitionTarget.ByKey byKey
          ? new BrokerClientException.PartitionNotFound(partitionId, byKey.key())
          : new BrokerClientException.PartitionNotFound(partitionId);
    }
    return partitionId;
  }

  /** The next partition with a leader, in turn; spreads new instances evenly. */
  public int nextRoundRobin(final BrokerTopology topology) {
    final int[] candidates = topology.partitionsWithLeader();
    if (candidates.length == 0) {
      if (topology.isEmpty()) {
        throw new BrokerClientException.NoTopology();
      }
      throw new BrokerClientException.NoLeader(
          1 + Math.floorMod(roundRobin.getAndIncrement(), topology.partitionsCount()));
    }
    return candidates[Math.floorMod(roundRobin.getAndIncrement(), candidates.length)];
  }
}
