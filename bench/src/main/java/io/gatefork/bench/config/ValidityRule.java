package io.gatefork.bench.config;

/**
 * When a cell's latency says something about the gateway. A cell whose broker or load generator
 * saturated measures their contention, not the gateway (issue #13: broker stage 15-90 ms at a
 * machine CPU of 94-98 %), so its latency is not compared; its gateway CPU per instance still is.
 *
 * @param maxLoadSideBusyPct the CPUs of the broker and the load generator (the whole machine when
 *     nothing is pinned) busier than this over the window: saturated. 90 %: above it, the run queue
 *     of that core is rarely empty and a create waits for the broker's threads.
 * @param maxBrokerStageP50Ms the gateway's broker stage (request handed to the transport -> answer
 *     received) of creates above this at p50: the broker is the bottleneck. 5 ms: an idle embedded
 *     broker answers a create in 1-3 ms on this kind of machine (cost benchmark, fixed 300/s); the
 *     saturated cells of 2026-11-22 were at 15-90 ms.
 */
public record ValidityRule(double maxLoadSideBusyPct, double maxBrokerStageP50Ms) {
  public static final ValidityRule DEFAULT = new ValidityRule(90, 5);
}
