package io.gatefork.bench.report;

import io.gatefork.bench.stats.LatencySummary;
import java.util.LinkedHashMap;
import java.util.Map;

/** Synthetic cell results for the report tests. */
final class Cells {
  private Cells() {}

  static Builder cell(final String phase, final String mode, final String protocol) {
    return new Builder(phase, mode, protocol);
  }

  static final class Builder {
    private final String phase;
    private final String mode;
    private final String protocol;
    private double rate = 150;
    private double created = 150;
    private double completed = 150;
    private double p50 = 2;
    private double p99 = 10;
    private double errorPct;
    private double amplification = 1;
    private double clientSends = 1;
    private double throttledPct = 5;
    private double brokerStageP50 = 1.2;
    private double totalStageP50 = 1.8;
    private Map<String, Long> createErrors = Map.of();
    private String failure;
    private int round = 1;
    private int tasks = 1;
    private double loadSideBusy = 60;
    private double cpuPerInstanceUs = 800;
    private double gatewayCores = 1.2;
    private double gatewayCpus = 2;
    private int partitions = 1;
    private double callerRuns;
    private double queueMax = 3;
    private Map<String, String> env = Map.of("K", "V");
    private double e2eP50 = 60;
    private double e2eP99 = 120;
    private double activatePerJob = 1;
    private double streamShare;
    private CellResult.OverloadFigures overload;

    Builder(final String phase, final String mode, final String protocol) {
      this.phase = phase;
      this.mode = mode;
      this.protocol = protocol;
    }

    Builder rate(final double value) {
      rate = value;
      return this;
    }

    Builder throughput(final double createdPerSecond, final double completedPerSecond) {
      created = createdPerSecond;
      completed = completedPerSecond;
      return this;
    }

    Builder createLatency(final double p50Ms, final double p99Ms) {
      p50 = p50Ms;
      p99 = p99Ms;
      return this;
    }

    Builder errors(final double pct, final Map<String, Long> byStatus) {
      errorPct = pct;
      createErrors = byStatus;
      return this;
    }

    /** Create requests the gateway received per create call of the client (its retries). */
    Builder clientSends(final double value) {
      clientSends = value;
      return this;
    }

    Builder amplification(final double value) {
      amplification = value;
      return this;
    }

    Builder throttled(final double pct) {
      throttledPct = pct;
      return this;
    }

    Builder stageP50(final double broker, final double total) {
      brokerStageP50 = broker;
      totalStageP50 = total;
      return this;
    }

    Builder round(final int value) {
      round = value;
      return this;
    }

    Builder tasks(final int value) {
      tasks = value;
      return this;
    }

    /** Busy share of the broker's and load generator's CPUs. */
    Builder loadSide(final double pct) {
      loadSideBusy = pct;
      return this;
    }

    Builder brokerStageP50(final double ms) {
      brokerStageP50 = ms;
      return this;
    }

    Builder cpuPerInstance(final double micros) {
      cpuPerInstanceUs = micros;
      return this;
    }

    Builder gatewayCores(final double used, final double quota) {
      gatewayCores = used;
      gatewayCpus = quota;
      return this;
    }

    Builder partitions(final int count) {
      partitions = count;
      return this;
    }

    Builder executor(final double callerRunEvents, final double queueMaxSampled) {
      callerRuns = callerRunEvents;
      queueMax = queueMaxSampled;
      return this;
    }

    Builder endToEnd(final double p50Ms, final double p99Ms) {
      e2eP50 = p50Ms;
      e2eP99 = p99Ms;
      return this;
    }

    /**
     * Job activation requests to brokers per job, and the share of jobs REST activations got from a
     * stream.
     */
    Builder activations(final double perJob, final double pushedShare) {
      activatePerJob = perJob;
      streamShare = pushedShare;
      return this;
    }

    Builder env(final Map<String, String> value) {
      env = value;
      return this;
    }

    /** The figures of a cell at a multiple of capacity. */
    Builder overload(final CellResult.OverloadFigures figures) {
      overload = figures;
      return this;
    }

    Builder failed(final String why) {
      failure = why;
      return this;
    }

    CellResult build() {
      if (failure != null) {
        return new CellResult(
            1,
            phase,
            mode,
            protocol,
            tasks,
            round,
            rate,
            0,
            partitions,
            gatewayCpus,
            10,
            30,
            Map.of(),
            null,
            null,
            null,
            null,
            null,
            -1,
            -1,
            -1,
            -1,
            null,
            null,
            null,
            null,
            20,
            failure,
            null);
      }
      final long sent = Math.round(rate * 30);
      final Map<String, LatencySummary> latency = new LinkedHashMap<>();
      latency.put(
          CellResult.CREATE, new LatencySummary(sent, p50 * 1.2, p50, p99 * 0.8, p99, p99 * 2));
      latency.put(CellResult.COMPLETE, new LatencySummary(sent, 3, 2.5, 5, 8, 20));
      latency.put(
          CellResult.END_TO_END,
          new LatencySummary(sent, e2eP50 * 1.1, e2eP50, e2eP99 * 0.8, e2eP99, e2eP99 * 2));
      final Map<String, StageStat> stages = new LinkedHashMap<>();
      stages.put("filter", new StageStat(sent, 0.2, 0.1, 0.9));
      stages.put("dispatch", new StageStat(sent, 0.1, 0.05, 0.5));
      stages.put("broker", new StageStat(sent, brokerStageP50 * 1.1, brokerStageP50, 5));
      stages.put("queue", new StageStat(sent, 0.05, 0.02, 0.3));
      stages.put("mapping", new StageStat(sent, 0.05, 0.02, 0.2));
      stages.put("write", new StageStat(sent, 0.1, 0.05, 0.4));
      stages.put("total", new StageStat(sent, totalStageP50 * 1.1, totalStageP50, 7));
      final long completedInWindow = Math.round(completed * 30);
      final long errorCount = createErrors.values().stream().mapToLong(Long::longValue).sum();
      final double cpuSeconds = cpuPerInstanceUs * completedInWindow / 1e6;
      return new CellResult(
          1,
          phase,
          mode,
          protocol,
          tasks,
          round,
          rate,
          phase.equals("overload") ? 20 : 0,
          partitions,
          gatewayCpus,
          10,
          30,
          env,
          new CellResult.Throughput(
              sent,
              Math.round(created * 30),
              Math.round(completed * 30),
              0,
              created,
              completed,
              errorPct,
              Math.round(created * 40),
              Math.round(completed * 40)),
          latency,
          Map.of(CellResult.CREATE, createErrors, CellResult.COMPLETE, Map.of()),
          Map.of("create-process-instance", stages),
          new CellResult.GatewayCpu(
              gatewayCores, 300, Math.round(3 * throttledPct), throttledPct, 0.5, "cgroup v1 test"),
          80,
          loadSideBusy,
          0.5,
          0.3,
          new CellResult.Amplification(
              amplification * clientSends * sent, sent, clientSends * sent, amplification),
          new CellResult.ExecutorFigures(callerRuns, queueMax, 0.5, 30),
          CellResult.Cost.of(
              cpuSeconds, -1, completedInWindow, 3.0 * completedInWindow, errorCount),
          new CellResult.JobFigures(
              completedInWindow + (1 + activatePerJob) * tasks * completedInWindow,
              activatePerJob * tasks * completedInWindow,
              tasks * completedInWindow,
              completedInWindow,
              streamShare * tasks * completedInWindow,
              0),
          20,
          null,
          overload);
    }
  }
}
