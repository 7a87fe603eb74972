package io.gatefork.bench.report;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * One (phase, mode, protocol, rate) over its successful rounds: every figure is the mean of the
 * rounds' figures (one round: that round's).
 */
public record Aggregate(
    String phase, String mode, String protocol, double offeredRate, int rounds,
    double createdPerSecond, double completedPerSecond, double createErrorPct,
    double notSentPerSecond,
    double createP50, double createP95, double createP99, double createMax,
    double completeP50, double completeP99, double e2eP50, double e2eP99,
    double gatewayCores, double throttledPct, double throttledSeconds, double machineBusyPct,
    double brokerCores, double loadGeneratorCores,
    double amplification, double callerRuns, double queueMax, double queueMean,
    Map<String, Double> createStageMeans, double gatewayAddedMeanMs, double gatewayAddedP50Ms,
    double brokerP50Ms, double totalP50Ms, Map<String, Long> errors) {

  public String key() {
    return mode + "/" + protocol;
  }

  public static Aggregate of(final List<CellResult> rounds) {
    final CellResult first = rounds.get(0);
    final Map<String, Double> stageMeans = new TreeMap<>();
    for (final String stage : StageBreakdown.STAGES) {
      final double mean = mean(rounds, c -> stage(c, stage).meanMs());
      if (!Double.isNaN(mean)) {
        stageMeans.put(stage, mean);
      }
    }
    final Map<String, Long> errors = new TreeMap<>();
    for (final CellResult cell : rounds) {
      cell.errors().forEach((operation, byStatus) -> byStatus.forEach(
          (status, n) -> errors.merge(operation + ": " + status, n, Long::sum)));
    }
    return new Aggregate(first.phase(), first.mode(), first.protocol(), first.offeredRate(),
        rounds.size(),
        mean(rounds, c -> c.throughput().createdPerSecond()),
        mean(rounds, c -> c.throughput().completedPerSecond()),
        mean(rounds, c -> c.throughput().createErrorPct()),
        mean(rounds, c -> c.throughput().skipped() / c.windowSeconds()),
        mean(rounds, c -> c.latency(CellResult.CREATE).p50Ms()),
        mean(rounds, c -> c.latency(CellResult.CREATE).p95Ms()),
        mean(rounds, c -> c.latency(CellResult.CREATE).p99Ms()),
        mean(rounds, c -> c.latency(CellResult.CREATE).maxMs()),
        mean(rounds, c -> c.latency(CellResult.COMPLETE).p50Ms()),
        mean(rounds, c -> c.latency(CellResult.COMPLETE).p99Ms()),
        mean(rounds, c -> c.latency(CellResult.END_TO_END).p50Ms()),
        mean(rounds, c -> c.latency(CellResult.END_TO_END).p99Ms()),
        mean(rounds, c -> c.gatewayCpu().coresUsed()),
        mean(rounds, c -> c.gatewayCpu().throttledPct()),
        mean(rounds, c -> c.gatewayCpu().throttledSeconds()),
        mean(rounds, CellResult::machineCpuBusyPct),
        mean(rounds, CellResult::brokerCores),
        mean(rounds, CellResult::loadGeneratorCores),
        mean(rounds, c -> c.amplification().perClientRequest()),
        mean(rounds, c -> c.executor().callerRuns()),
        mean(rounds, c -> c.executor().queueMax()),
        mean(rounds, c -> c.executor().queueMean()),
        stageMeans,
        mean(rounds, c -> stage(c, "total").meanMs() - stage(c, "broker").meanMs()),
        mean(rounds, c -> stage(c, "total").p50Ms() - stage(c, "broker").p50Ms()),
        mean(rounds, c -> stage(c, "broker").p50Ms()),
        mean(rounds, c -> stage(c, "total").p50Ms()),
        errors);
  }

  static final StageStat NONE = new StageStat(0, Double.NaN, Double.NaN, Double.NaN);

  static StageStat stage(final CellResult cell, final String stage) {
    if (cell.stages() == null) {
      return NONE;
    }
    final var byStage = cell.stages().get("create-process-instance");
    return byStage == null ? NONE : byStage.getOrDefault(stage, NONE);
  }

  private static double mean(final List<CellResult> cells, final ToDoubleFunction<CellResult> f) {
    double sum = 0;
    int n = 0;
    for (final CellResult cell : cells) {
      final double value = f.applyAsDouble(cell);
      if (!Double.isNaN(value)) {
        sum += value;
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }
}
