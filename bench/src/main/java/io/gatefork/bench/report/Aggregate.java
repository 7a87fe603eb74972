package io.gatefork.bench.report;

import io.gatefork.bench.config.ValidityRule;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * One (phase, mode, protocol, tasks, rate) over its successful rounds. Every single-number figure
 * is the median of the rounds' figures; the headline figures carry their min-max as well ({@link
 * Spread}). {@code validRounds} of {@code rounds} passed the {@link ValidityRule}; the latency
 * figures are the medians of the valid rounds only when there are any.
 */
public record Aggregate(
    String phase,
    String mode,
    String protocol,
    int tasks,
    double offeredRate,
    int partitions,
    int rounds,
    int validRounds,
    List<String> invalidReasons,
    Spread cpuPerInstanceUs,
    Spread cpuPerRequestUs,
    Spread jitPerInstanceUs,
    Spread completed,
    Spread createP50s,
    Spread createP99s,
    Spread loadSideBusy,
    Spread brokerStageP50,
    Spread cpuPerErrorUs,
    Spread createdPerSecondRounds,
    Spread createErrorPctRounds,
    Spread amplificationRounds,
    Spread e2eP50s,
    Spread e2eP99s,
    Spread brokerRequestsPerInstance,
    Spread activateRequestsPerJob,
    Spread pushedShare,
    double createdPerSecond,
    double completedPerSecond,
    double createErrorPct,
    double notSentPerSecond,
    double createP50,
    double createP95,
    double createP99,
    double createMax,
    double completeP50,
    double completeP99,
    double e2eP50,
    double e2eP99,
    double gatewayCores,
    double throttledPct,
    double throttledSeconds,
    double machineBusyPct,
    double brokerCores,
    double loadGeneratorCores,
    double amplification,
    double clientSendsPerCall,
    double callerRuns,
    double queueMax,
    double queueMean,
    Map<String, Double> createStageMeans,
    double gatewayAddedMeanMs,
    double gatewayAddedP50Ms,
    double brokerP50Ms,
    double totalP50Ms,
    Map<String, Long> errors) {

  public String key() {
    return mode + "/" + protocol + (tasks > 1 ? "/" + tasks + "-task" : "");
  }

  /** Latency may be compared: at least one round, and every round, was valid. */
  public boolean validForLatency() {
    return rounds > 0 && validRounds == rounds;
  }

  public static Aggregate of(final List<CellResult> rounds) {
    return of(rounds, ValidityRule.DEFAULT);
  }

  public static Aggregate of(final List<CellResult> rounds, final ValidityRule rule) {
    final CellResult first = rounds.get(0);
    final List<CellResult> valid = new ArrayList<>();
    final Set<String> reasons = new LinkedHashSet<>();
    for (final CellResult cell : rounds) {
      final Validity v = Validity.of(cell, rule);
      if (v.valid()) {
        valid.add(cell);
      }
      reasons.addAll(v.reasons());
    }
    // latency from the valid rounds where there are some; all rounds otherwise (marked invalid)
    final List<CellResult> latencyRounds = valid.isEmpty() ? rounds : valid;
    final Map<String, Double> stageMeans = new TreeMap<>();
    for (final String stage : StageBreakdown.STAGES) {
      final double median = median(latencyRounds, c -> stage(c, stage).meanMs());
      if (!Double.isNaN(median)) {
        stageMeans.put(stage, median);
      }
    }
    final Map<String, Long> errors = new TreeMap<>();
    for (final CellResult cell : rounds) {
      cell.errors()
          .forEach(
              (operation, byStatus) ->
                  byStatus.forEach(
                      (status, n) -> errors.merge(operation + ": " + status, n, Long::sum)));
    }
    return new Aggregate(
        first.phase(),
        first.mode(),
        first.protocol(),
        first.tasks(),
        first.offeredRate(),
        first.partitions(),
        rounds.size(),
        valid.size(),
        List.copyOf(reasons),
        spread(rounds, c -> cost(c).cpuPerInstanceUs()),
        spread(rounds, c -> cost(c).cpuPerRequestUs()),
        spread(rounds, c -> cost(c).jitPerInstanceUs()),
        spread(rounds, c -> c.throughput().completedPerSecond()),
        spread(latencyRounds, c -> c.latency(CellResult.CREATE).p50Ms()),
        spread(latencyRounds, c -> c.latency(CellResult.CREATE).p99Ms()),
        spread(rounds, c -> c.loadSideBusyPct() >= 0 ? c.loadSideBusyPct() : c.machineCpuBusyPct()),
        spread(rounds, c -> stage(c, "broker").p50Ms()),
        spread(rounds, c -> cost(c).cpuPerErrorUs()),
        spread(rounds, c -> c.throughput().createdPerSecond()),
        spread(rounds, c -> c.throughput().createErrorPct()),
        spread(rounds, Aggregate::gatewayAmplification),
        spread(latencyRounds, c -> c.latency(CellResult.END_TO_END).p50Ms()),
        spread(latencyRounds, c -> c.latency(CellResult.END_TO_END).p99Ms()),
        spread(rounds, c -> c.jobs() == null ? -1 : c.jobs().brokerRequestsPerInstance()),
        spread(rounds, c -> c.jobs() == null ? -1 : c.jobs().activateRequestsPerJob()),
        spread(
            rounds,
            c ->
                c.jobs() == null || c.jobs().jobs() == 0
                    ? -1
                    : c.jobs().streamAnswers() / c.jobs().jobs()),
        median(rounds, c -> c.throughput().createdPerSecond()),
        median(rounds, c -> c.throughput().completedPerSecond()),
        median(rounds, c -> c.throughput().createErrorPct()),
        median(rounds, c -> c.throughput().skipped() / c.windowSeconds()),
        median(latencyRounds, c -> c.latency(CellResult.CREATE).p50Ms()),
        median(latencyRounds, c -> c.latency(CellResult.CREATE).p95Ms()),
        median(latencyRounds, c -> c.latency(CellResult.CREATE).p99Ms()),
        median(latencyRounds, c -> c.latency(CellResult.CREATE).maxMs()),
        median(latencyRounds, c -> c.latency(CellResult.COMPLETE).p50Ms()),
        median(latencyRounds, c -> c.latency(CellResult.COMPLETE).p99Ms()),
        median(latencyRounds, c -> c.latency(CellResult.END_TO_END).p50Ms()),
        median(latencyRounds, c -> c.latency(CellResult.END_TO_END).p99Ms()),
        median(rounds, c -> c.gatewayCpu().coresUsed()),
        median(rounds, c -> c.gatewayCpu().throttledPct()),
        median(rounds, c -> c.gatewayCpu().throttledSeconds()),
        median(rounds, CellResult::machineCpuBusyPct),
        median(rounds, CellResult::brokerCores),
        median(rounds, CellResult::loadGeneratorCores),
        median(rounds, Aggregate::gatewayAmplification),
        // the client's: create requests sent per create call (its HTTP layer's retries)
        median(
            rounds,
            c ->
                c.amplification().clientRequests() > 0
                    ? c.amplification().gatewayRequests() / c.amplification().clientRequests()
                    : -1),
        median(rounds, c -> c.executor().callerRuns()),
        median(rounds, c -> c.executor().queueMax()),
        median(rounds, c -> c.executor().queueMean()),
        stageMeans,
        median(latencyRounds, c -> stage(c, "total").meanMs() - stage(c, "broker").meanMs()),
        median(latencyRounds, c -> stage(c, "total").p50Ms() - stage(c, "broker").p50Ms()),
        median(latencyRounds, c -> stage(c, "broker").p50Ms()),
        median(latencyRounds, c -> stage(c, "total").p50Ms()),
        errors);
  }

  /** The gateway's own amplification: broker requests per create request it received. */
  private static double gatewayAmplification(final CellResult c) {
    return c.amplification().gatewayRequests() > 0
        ? c.amplification().brokerRequests() / c.amplification().gatewayRequests()
        : -1;
  }

  static final StageStat NONE = new StageStat(0, Double.NaN, Double.NaN, Double.NaN);
  static final CellResult.Cost NO_COST = new CellResult.Cost(-1, -1, 0, -1, -1, 0, -1, 0, -1);

  static StageStat stage(final CellResult cell, final String stage) {
    if (cell.stages() == null) {
      return NONE;
    }
    final var byStage = cell.stages().get("create-process-instance");
    return byStage == null ? NONE : byStage.getOrDefault(stage, NONE);
  }

  static CellResult.Cost cost(final CellResult cell) {
    return cell.cost() == null ? NO_COST : cell.cost();
  }

  private static Spread spread(final List<CellResult> cells, final ToDoubleFunction<CellResult> f) {
    final List<Double> values = new ArrayList<>();
    for (final CellResult cell : cells) {
      values.add(f.applyAsDouble(cell));
    }
    return Spread.of(values);
  }

  /** The median of the rounds' values; NaN when none has one. Negative values count. */
  private static double median(final List<CellResult> cells, final ToDoubleFunction<CellResult> f) {
    final List<Double> values = new ArrayList<>();
    for (final CellResult cell : cells) {
      final double value = f.applyAsDouble(cell);
      if (!Double.isNaN(value)) {
        values.add(value);
      }
    }
    if (values.isEmpty()) {
      return Double.NaN;
    }
    values.sort(Double::compare);
    final int n = values.size();
    return n % 2 == 1 ? values.get(n / 2) : (values.get(n / 2 - 1) + values.get(n / 2)) / 2;
  }
}
