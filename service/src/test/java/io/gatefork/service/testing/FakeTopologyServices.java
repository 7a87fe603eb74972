package io.gatefork.service.testing;

import io.gatefork.service.topology.ClusterTopology;
import io.gatefork.service.topology.TopologyServices;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

public final class FakeTopologyServices implements TopologyServices {
  public static final ClusterTopology EMPTY =
      new ClusterTopology(List.of(), 0, 0, 0, "8.8.0", "-1");

  private final AtomicInteger calls = new AtomicInteger();
  private volatile ClusterTopology topology = EMPTY;
  private volatile boolean reachable = true;

  public void topology(final ClusterTopology topology) {
    this.topology = topology;
  }

  public void reachable(final boolean reachable) {
    this.reachable = reachable;
  }

  @Override
  public ClusterTopology topology() {
    calls.incrementAndGet();
    return topology;
  }

  @Override
  public boolean isClusterReachable() {
    calls.incrementAndGet();
    return reachable;
  }

  @Override
  public List<Integer> partitionsWithoutLeader() {
    calls.incrementAndGet();
    return List.of();
  }

  int calls() {
    return calls.get();
  }

  void reset() {
    calls.set(0);
    topology = EMPTY;
    reachable = true;
  }
}
