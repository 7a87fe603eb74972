package io.gatefork.broker.dev.cluster;

import io.atomix.cluster.ClusterMembershipEvent;
import io.atomix.cluster.ClusterMembershipEventListener;
import io.atomix.cluster.ClusterMembershipService;
import io.atomix.cluster.Member;
import io.atomix.cluster.MemberId;
import io.camunda.zeebe.protocol.impl.encoding.BrokerInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Knows which other cluster member leads which partition, from the {@link BrokerInfo} the other
 * brokers publish. Used to send inter-partition commands to partitions hosted elsewhere.
 *
 * <p>Membership events arrive on Atomix threads; lookups come from stream processor threads.
 */
public final class PartitionLeaderDirectory implements ClusterMembershipEventListener {

  private final ClusterMembershipService membership;
  private final Map<Integer, Leader> leaders = new ConcurrentHashMap<>();
  private final List<LeaderListener> listeners = new CopyOnWriteArrayList<>();

  public PartitionLeaderDirectory(final ClusterMembershipService membership) {
    this.membership = membership;
  }

  /** Starts listening and reads the members known so far. */
  public void start() {
    membership.addListener(this);
    membership.getMembers().forEach(this::update);
  }

  public void stop() {
    membership.removeListener(this);
  }

  /** The member leading the partition, if one is known (never the local member). */
  public Optional<MemberId> leaderOf(final int partitionId) {
    return Optional.ofNullable(leaders.get(partitionId)).map(Leader::member);
  }

  /**
   * Tells the listener about every leadership another member publishes from now on, and at once
   * about the leaders known so far. Called on Atomix threads (or this one), possibly more than once
   * for the same leadership.
   */
  public void addListener(final LeaderListener listener) {
    listeners.add(listener);
    leaders.forEach(
        (partitionId, leader) -> listener.leaderSeen(partitionId, leader.member(), leader.term()));
  }

  @Override
  public void event(final ClusterMembershipEvent event) {
    switch (event.type()) {
      case MEMBER_REMOVED -> forget(event.subject().id());
      case MEMBER_ADDED, METADATA_CHANGED -> update(event.subject());
      default -> {}
    }
  }

  private void update(final Member member) {
    if (member.id().equals(membership.getLocalMember().id())) {
      return;
    }
    final BrokerInfo info = BrokerInfo.fromProperties(member.properties());
    if (info == null) {
      return; // a gateway, or a broker that has not published yet
    }
    forget(member.id());
    info.consumePartitions(
        (partitionId, term) -> {
          leaders.merge(
              partitionId,
              new Leader(member.id(), term),
              (known, candidate) -> candidate.term() >= known.term() ? candidate : known);
          listeners.forEach(listener -> listener.leaderSeen(partitionId, member.id(), term));
        },
        follower -> {},
        inactive -> {});
  }

  private void forget(final MemberId member) {
    leaders.values().removeIf(leader -> leader.member().equals(member));
  }

  private record Leader(MemberId member, long term) {}

  /** Learns which other member publishes leadership of which partition, in which term. */
  @FunctionalInterface
  public interface LeaderListener {
    void leaderSeen(int partitionId, MemberId member, long term);
  }
}
