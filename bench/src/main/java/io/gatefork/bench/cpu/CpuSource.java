package io.gatefork.bench.cpu;

/** Where a node's CPU counters come from (a control group, or a plain process). */
public interface CpuSource {
  CpuSample sample();

  /** e.g. the cgroup directory, for the report. */
  String describe();

  /** Whether the counters include CFS throttling (a process alone has none). */
  boolean hasThrottling();
}
