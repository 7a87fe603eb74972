package io.gatefork.broker.client.topology;

import io.atomix.utils.net.Address;
import java.util.List;

/**
 * One partition as the brokers report it. Without a leader, {@code leaderNodeId} is -1 and {@code
 * leader} null.
 *
 * @param health the leader's health for this partition ({@code HEALTHY}, {@code UNHEALTHY}, {@code
 *     DEAD}), or {@code UNKNOWN} when there is no leader
 */
public record PartitionInfo(
    int partitionId,
    int leaderNodeId,
    long leaderTerm,
    Address leader,
    List<Integer> followers,
    List<Integer> inactive,
    String health) {

  public boolean hasLeader() {
    return leader != null;
  }
}
