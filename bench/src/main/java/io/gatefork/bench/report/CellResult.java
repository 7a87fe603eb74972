package io.gatefork.bench.report;

import io.gatefork.bench.stats.LatencySummary;
import java.util.Map;

/** Everything measured in one cell; the raw JSON holds a list of these. */
public record CellResult(
    int index,
    String phase,
    String mode,
    String protocol,
    int tasks,
    int round,
    double offeredRate,
    int brokerRequestLimit,
    int partitions,
    double gatewayCpus,
    double warmupSeconds,
    double windowSeconds,
    Map<String, String> env,
    Throughput throughput,
    Map<String, LatencySummary> latency,
    Map<String, Map<String, Long>> errors,
    Map<String, Map<String, StageStat>> stages,
    GatewayCpu gatewayCpu,
    double machineCpuBusyPct,
    double loadSideBusyPct,
    double brokerCores,
    double loadGeneratorCores,
    Amplification amplification,
    ExecutorFigures executor,
    Cost cost,
    JobFigures jobs,
    double startupSeconds,
    String failure,
    OverloadFigures overload) {

  public static final String CREATE = "create";
  public static final String COMPLETE = "complete";
  public static final String END_TO_END = "end-to-end";

  public boolean ok() {
    return failure == null;
  }

  public LatencySummary latency(final String operation) {
    return latency == null
        ? LatencySummary.EMPTY
        : latency.getOrDefault(operation, LatencySummary.EMPTY);
  }

  /**
   * @param createsSent create calls started in the window
   * @param created successful creates answered in the window
   * @param completed instances completed in the window
   * @param skipped creates not sent because too many were in flight
   */
  public record Throughput(
      long createsSent,
      long created,
      long completed,
      long skipped,
      double createdPerSecond,
      double completedPerSecond,
      double createErrorPct,
      long createdInCell,
      long completedInCell) {}

  /**
   * The gateway's CPU over the window against the work done in it: the headline of a cell, because
   * it does not depend on how fast the broker answered.
   *
   * @param gatewayCpuSeconds CPU time of the gateway's cgroup (or process) in the window, without
   *     its JIT compiler threads' time (see {@code cpu/CompilerThreads})
   * @param jitCpuSeconds its JIT compiler threads' CPU time in the window (-1: unknown; then
   *     nothing was taken out)
   * @param completedInstances instances whose last job completion was acknowledged in the window
   * @param cpuPerInstanceUs gateway CPU per completed instance, µs (-1: none completed)
   * @param jitPerInstanceUs the compiler threads' CPU per completed instance, µs (not in the
   *     figures above)
   * @param gatewayRequests requests of every kind the gateway answered in the window (its stage
   *     timer's {@code total} count, this cell's api)
   * @param cpuPerRequestUs gateway CPU per answered request, µs
   * @param createErrors failed create calls started in the window
   * @param cpuPerErrorUs gateway CPU per failed create, µs: an upper bound, as the window's
   *     successful work is in the CPU too (-1: no errors)
   */
  public record Cost(
      double gatewayCpuSeconds,
      double jitCpuSeconds,
      long completedInstances,
      double cpuPerInstanceUs,
      double jitPerInstanceUs,
      double gatewayRequests,
      double cpuPerRequestUs,
      long createErrors,
      double cpuPerErrorUs) {
    /**
     * @param cpuSeconds the cgroup's (or process's) CPU time, compiler threads included
     * @param jitSeconds the compiler threads' share of it, taken out (-1: unknown)
     */
    public static Cost of(
        final double cpuSeconds,
        final double jitSeconds,
        final long completed,
        final double requests,
        final long errors) {
      final double steady =
          cpuSeconds >= 0 && jitSeconds >= 0 ? cpuSeconds - jitSeconds : cpuSeconds;
      return new Cost(
          steady,
          jitSeconds,
          completed,
          per(steady, completed),
          per(jitSeconds, completed),
          requests,
          per(steady, requests),
          errors,
          per(steady, errors));
    }

    private static double per(final double cpuSeconds, final double count) {
      return cpuSeconds >= 0 && count > 0 ? cpuSeconds * 1e6 / count : -1;
    }
  }

  /**
   * @param coresUsed CPU seconds per second inside the gateway's cgroup
   * @param throttledPct share of CFS periods that hit the quota
   */
  public record GatewayCpu(
      double coresUsed,
      long periods,
      long throttledPeriods,
      double throttledPct,
      double throttledSeconds,
      String source) {}

  /**
   * Counted over the whole load (warm-up, window and drain), so that calls queued in one phase and
   * answered in another do not skew the ratio.
   *
   * @param brokerRequests process-instance creation requests the gateway sent to brokers
   * @param clientRequests create calls the client sent
   * @param gatewayRequests create requests the gateway answered (stage timer)
   */
  public record Amplification(
      double brokerRequests,
      long clientRequests,
      double gatewayRequests,
      double perClientRequest) {}

  /**
   * How the workers got their jobs, over the window.
   *
   * @param brokerRequests requests of every type the gateway sent to brokers
   * @param activateRequests of those, job activation requests (one per partition asked)
   * @param jobs job completions the workers sent (one per job)
   * @param completedInstances instances completed
   * @param streamAnswers REST activations answered with a pushed job
   * @param handedBack jobs the gateway gave back to the broker (pushed with nobody to take them)
   */
  public record JobFigures(
      double brokerRequests,
      double activateRequests,
      long jobs,
      long completedInstances,
      double streamAnswers,
      double handedBack) {
    public double brokerRequestsPerInstance() {
      return completedInstances > 0 ? brokerRequests / completedInstances : -1;
    }

    public double activateRequestsPerJob() {
      return jobs > 0 ? activateRequests / jobs : -1;
    }
  }

  /**
   * A cell of the workload at a multiple of the gateway's capacity. The answers are those the
   * client saw to the create calls started in the window, by {@code AnswerKind}; the delivery
   * figures cover the whole cell (warm-up, window and drain).
   *
   * @param capacity completed instances/s the offered rate is a multiple of
   * @param capacityMode the mode whose steps found it; null when it was given
   *     (--overload-2x-capacity)
   * @param calls create calls started in the window ({@code ok + exhausted + timeouts + other})
   * @param exhausted answered HTTP 503 or gRPC RESOURCE_EXHAUSTED
   * @param timeouts no answer within the request timeout, or by the end of the drain
   * @param notSent creates due in the window that the starter did not send: --max-in-flight calls
   *     were outstanding
   * @param exhaustedP99Ms how long the client waited for its RESOURCE_EXHAUSTED / 503 answers, p99
   *     (-1: none)
   * @param gatewayShed creates the gateway's admission limit answered RESOURCE_EXHAUSTED in the
   *     window (its {@code gatefork_overload_shed_total}; 0 without the limit)
   * @param limitAtEnd the admission limit at the window's end (-1: the gateway has none)
   * @param completeErrors job completions the client saw fail in the window (each attempt)
   * @param completionsFoundGone retried completions that found the job already completed
   * @param acknowledged instances whose creation the client saw acknowledged
   * @param acknowledgedCompleted of those, the ones whose last job's completion it saw acknowledged
   * @param lost acknowledged and not completed by the end of the drain
   * @param completedUnacknowledged instances completed whose creation the client saw fail
   * @param drainSeconds how long the drain waited for the last instances
   */
  public record OverloadFigures(
      double capacity,
      String capacityMode,
      double multiple,
      long calls,
      long ok,
      long exhausted,
      long timeouts,
      long other,
      long notSent,
      double exhaustedP99Ms,
      double gatewayShed,
      double limitAtEnd,
      long completeErrors,
      long completionsFoundGone,
      long acknowledged,
      long acknowledgedCompleted,
      long lost,
      long completedUnacknowledged,
      double drainSeconds) {
    public double pct(final long count) {
      return calls > 0 ? 100.0 * count / calls : -1;
    }
  }

  /** The API executor in the window; queue depth sampled once a second (-1: not exposed). */
  public record ExecutorFigures(
      double callerRuns, double queueMax, double queueMean, int queueSamples) {}
}
