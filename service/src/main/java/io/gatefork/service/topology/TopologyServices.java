package io.gatefork.service.topology;

/** Reads the broker client's topology; no broker round trip. */
public interface TopologyServices {

  ClusterTopology topology();

  /** True when at least one partition has a leader: {@code /v2/status} answers 204, else 503. */
  boolean isClusterReachable();
}
