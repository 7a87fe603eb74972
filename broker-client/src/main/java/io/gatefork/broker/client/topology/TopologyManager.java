package io.gatefork.broker.client.topology;

import io.atomix.cluster.ClusterMembershipEvent;
import io.atomix.cluster.ClusterMembershipEventListener;
import io.atomix.cluster.ClusterMembershipService;
import io.atomix.cluster.Member;
import io.atomix.utils.net.Address;
import io.camunda.zeebe.protocol.impl.encoding.BrokerInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the {@link BrokerTopology} in step with cluster membership. Members without a {@code
 * BrokerInfo} (other gateways) are ignored. Membership events are rare, so each one rebuilds the
 * whole snapshot from every member: simple and never out of step.
 */
public final class TopologyManager implements ClusterMembershipEventListener {
  private static final Logger LOG = LoggerFactory.getLogger(TopologyManager.class);

  private final ClusterMembershipService membership;
  private final List<BrokerTopologyListener> listeners = new CopyOnWriteArrayList<>();
  private volatile BrokerTopology topology = BrokerTopology.EMPTY;

  public TopologyManager(final ClusterMembershipService membership) {
    this.membership = membership;
  }

  public void start() {
    membership.addListener(this);
    rebuild();
  }

  public void stop() {
    membership.removeListener(this);
  }

  public BrokerTopology topology() {
    return topology;
  }

  public void addListener(final BrokerTopologyListener listener) {
    listeners.add(listener);
    final var current = topology;
    current.brokers().forEach(listener::brokerAdded);
    listener.topologyChanged(current);
  }

  public void removeListener(final BrokerTopologyListener listener) {
    listeners.remove(listener);
  }

  @Override
  public void event(final ClusterMembershipEvent event) {
    rebuild();
  }

  private synchronized void rebuild() {
    final var previous = topology;
    final var next = build(membership.getMembers(), previous);
    topology = next;
    for (final var broker : next.brokers()) {
      if (previous.broker(broker.nodeId()) == null) {
        LOG.info(
            "Broker {} joined at {} ({})",
            broker.nodeId(),
            broker.commandApiAddress(),
            broker.version());
        listeners.forEach(l -> l.brokerAdded(broker));
      }
    }
    for (final var broker : previous.brokers()) {
      if (next.broker(broker.nodeId()) == null) {
        LOG.info("Broker {} left", broker.nodeId());
        listeners.forEach(l -> l.brokerRemoved(broker));
      }
    }
    listeners.forEach(l -> l.topologyChanged(next));
  }

  static BrokerTopology build(final Iterable<Member> members) {
    return build(members, BrokerTopology.EMPTY);
  }

  /**
   * Builds a snapshot from member properties. When every broker is gone the partitions still exist,
   * only without leaders: the shape of {@code previous} is kept so that requests fail as "no
   * leader" rather than "no topology".
   */
  static BrokerTopology build(final Iterable<Member> members, final BrokerTopology previous) {
    final Map<Integer, BrokerNode> brokers = new HashMap<>();
    final Map<Integer, PartitionBuilder> partitions = new HashMap<>();
    int partitionsCount = 0;
    int clusterSize = 0;
    int replicationFactor = 0;
    for (final Member member : members) {
      final BrokerInfo info = BrokerInfo.fromProperties(member.properties());
      if (info == null) {
        continue;
      }
      final String address = info.getCommandApiAddress();
      final var node =
          new BrokerNode(
              info.getNodeId(),
              member.id().id(),
              address,
              address == null ? null : Address.from(address),
              info.getVersion());
      brokers.put(node.nodeId(), node);
      partitionsCount = Math.max(partitionsCount, info.getPartitionsCount());
      clusterSize = Math.max(clusterSize, info.getClusterSize());
      replicationFactor = Math.max(replicationFactor, info.getReplicationFactor());
      final var health = info.getPartitionHealthStatuses();
      info.consumePartitions(
          (partition, term) ->
              partitions
                  .computeIfAbsent(partition, PartitionBuilder::new)
                  .leader(node, term, String.valueOf(health.get(partition))),
          partition ->
              partitions
                  .computeIfAbsent(partition, PartitionBuilder::new)
                  .followers
                  .add(node.nodeId()),
          partition ->
              partitions
                  .computeIfAbsent(partition, PartitionBuilder::new)
                  .inactive
                  .add(node.nodeId()));
    }
    if (brokers.isEmpty()) {
      partitionsCount = previous.partitionsCount();
      clusterSize = previous.clusterSize();
      replicationFactor = previous.replicationFactor();
    }
    final var byId = new PartitionInfo[partitionsCount + 1];
    for (int id = 1; id <= partitionsCount; id++) {
      byId[id] = partitions.computeIfAbsent(id, PartitionBuilder::new).build();
    }
    return new BrokerTopology(brokers, byId, partitionsCount, clusterSize, replicationFactor);
  }

  private static final class PartitionBuilder {
    private final int id;
    private BrokerNode leader;
    private long term = -1;
    private String health = "UNKNOWN";
    private final List<Integer> followers = new ArrayList<>();
    private final List<Integer> inactive = new ArrayList<>();

    PartitionBuilder(final int id) {
      this.id = id;
    }

    void leader(final BrokerNode node, final long leaderTerm, final String leaderHealth) {
      // two brokers may both claim leadership during an election: the higher term is newer
      if (leaderTerm > term) {
        if (leader != null) {
          followers.add(leader.nodeId());
        }
        leader = node;
        term = leaderTerm;
        health = leaderHealth;
      } else {
        followers.add(node.nodeId());
      }
    }

    PartitionInfo build() {
      return new PartitionInfo(
          id,
          leader == null ? -1 : leader.nodeId(),
          term,
          leader == null ? null : leader.commandApi(),
          List.copyOf(followers),
          List.copyOf(inactive),
          leader == null ? "UNKNOWN" : health);
    }
  }
}
