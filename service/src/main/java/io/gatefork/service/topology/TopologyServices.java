package io.gatefork.service.topology;

import java.util.List;

/** Reads the broker client's topology; no broker round trip. */
public interface TopologyServices {

  ClusterTopology topology();

  /** True when at least one partition has a leader: {@code /v2/status} answers 204, else 503. */
  boolean isClusterReachable();

  /**
   * Ids of the cluster's partitions without a known leader, ascending; empty when every one has a
   * leader, and while no broker has published its {@code BrokerInfo}.
   */
  List<Integer> partitionsWithoutLeader();
}
