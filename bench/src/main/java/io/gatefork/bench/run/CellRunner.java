package io.gatefork.bench.run;

import io.camunda.client.CamundaClient;
import io.gatefork.bench.config.BenchOptions;
import io.gatefork.bench.config.BenchOptions.AtCapacity;
import io.gatefork.bench.config.Protocol;
import io.gatefork.bench.cpu.CompilerThreads;
import io.gatefork.bench.cpu.CpuSample;
import io.gatefork.bench.cpu.CpuSource;
import io.gatefork.bench.cpu.MachineCpu;
import io.gatefork.bench.cpu.ProcessCpuSource;
import io.gatefork.bench.load.AnswerKind;
import io.gatefork.bench.load.BenchProcess;
import io.gatefork.bench.load.LoadRecorder;
import io.gatefork.bench.load.Starter;
import io.gatefork.bench.load.Workers;
import io.gatefork.bench.prometheus.ManagementClient;
import io.gatefork.bench.prometheus.MetricsSnapshot;
import io.gatefork.bench.report.CellResult;
import io.gatefork.bench.report.CellResult.Amplification;
import io.gatefork.bench.report.CellResult.ExecutorFigures;
import io.gatefork.bench.report.CellResult.GatewayCpu;
import io.gatefork.bench.report.CellResult.Throughput;
import io.gatefork.bench.report.StageBreakdown;
import io.gatefork.bench.runtime.Node;
import io.gatefork.bench.stats.LatencySummary;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs one cell: fresh broker and gateway, deploy, start the workers and the starter, warm up,
 * measure a fixed window (scrapes, cgroup and /proc/stat readings at both ends), drain, tear down.
 * Every wait is bounded; a failure ends the cell, not the run.
 */
final class CellRunner {
  static final String CREATE_OPERATION = "create-process-instance";
  private static final String CREATE_REQUEST_TYPE = "PROCESS_INSTANCE_CREATION#CREATE";
  private static final String ACTIVATE_REQUEST_TYPE = "JOB_BATCH#ACTIVATE";
  private static final String BROKER_REQUESTS = "zeebe_gateway_total_requests_total";
  private static final String REST_STREAM = "gatefork_jobs_rest_stream_";
  private static final String OVERLOAD_SHED = "gatefork_overload_shed_total";
  private static final String OVERLOAD_LIMIT = "gatefork_overload_limit";
  private static final Duration BROKER_START = Duration.ofSeconds(90);

  /** Warm-up on a cell's own quota after the one on the full quota. */
  private static final Duration QUOTA_SETTLE = Duration.ofSeconds(10);

  private static final Duration GATEWAY_START = Duration.ofSeconds(120);
  private static final Duration TOPOLOGY = Duration.ofSeconds(30);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  /** The drain of a cell at a multiple of capacity gives up after this long without progress. */
  static final Duration DRAIN_STALL = Workers.JOB_TIMEOUT.plusSeconds(15);

  private final BenchOptions options;
  private final NodeLauncher launcher;
  private final NodeRegistry registry;
  private final Progress progress;
  private final Path logDir;

  CellRunner(
      final BenchOptions options,
      final NodeLauncher launcher,
      final NodeRegistry registry,
      final Progress progress,
      final Path logDir) {
    this.options = options;
    this.launcher = launcher;
    this.registry = registry;
    this.progress = progress;
    this.logDir = logDir;
  }

  CellResult run(final CellPlan plan) {
    final long started = System.nanoTime();
    Node broker = null;
    Node gateway = null;
    try {
      progress.line(
          plan.title() + " starting broker and gateway (" + plan.mode().description() + ")");
      broker = launcher.broker(plan);
      gateway = launcher.gateway(plan);
      awaitBroker(broker);
      final var management = new ManagementClient(options.ports().management());
      awaitGateway(gateway, management);
      final double startup = (System.nanoTime() - started) / 1e9;
      progress.line(plan.title() + " ready after " + Math.round(startup) + "s");
      // separate clients, as upstream's starter and worker are separate applications (and the
      // REST client's connection pool is per client)
      try (CamundaClient client = client(plan);
          CamundaClient workerClient = client(plan)) {
        awaitTopology(client, plan.partitions());
        return measure(plan, client, workerClient, management, gateway, broker, startup);
      }
    } catch (final Exception e) {
      progress.line(plan.title() + " FAILED: " + e.getMessage());
      return failed(plan, e, (System.nanoTime() - started) / 1e9);
    } finally {
      if (gateway != null) {
        gateway.saveOutput(logDir.resolve(plan.label() + "-gateway.log"));
      }
      if (broker != null) {
        broker.saveOutput(logDir.resolve(plan.label() + "-broker.log"));
      }
      registry.close(gateway);
      registry.close(broker);
    }
  }

  private CellResult measure(
      final CellPlan plan,
      final CamundaClient client,
      final CamundaClient workerClient,
      final ManagementClient management,
      final Node gateway,
      final Node broker,
      final double startup)
      throws InterruptedException {
    final var workload = options.workload();
    final BenchProcess process = BenchProcess.withTasks(plan.tasks());
    client
        .newDeployResourceCommand()
        .addProcessModel(process.model(), process.resourceName())
        .send()
        .join(30, TimeUnit.SECONDS);
    final boolean atCapacity = plan.phase().equals(AtCapacity.PHASE);
    final var recorder = new LoadRecorder();
    awaitDeployedEverywhere(client, process, plan.partitions(), recorder);

    final Duration maxRun = plan.warmup().plus(plan.window()).plusSeconds(5);
    final boolean warmsOnMoreCpu = plan.gatewayCpus() != options.gatewayCpus();
    final var starter =
        new Starter(
            client,
            process,
            warmsOnMoreCpu && plan.warmupRate() > 0 ? plan.warmupRate() : plan.rate(),
            recorder,
            workload.requestTimeout(),
            atCapacity ? options.overloadAtCapacity().maxInFlight() : workload.maxInFlight(),
            maxRun);
    final Thread starterThread = new Thread(starter, "gatefork-bench-starter");
    final var queueDepths = new ArrayList<Double>();
    MetricsSnapshot before;
    MetricsSnapshot after;
    MetricsSnapshot loadStart;
    MetricsSnapshot loadEnd;
    CpuSample cpuBefore = null;
    CpuSample cpuAfter = null;
    final long gatewayPid = gateway.pid();
    long jitBefore = -1;
    long jitAfter = -1;
    MachineCpu.Ticks machineBefore = null;
    MachineCpu.Ticks machineAfter = null;
    MachineCpu.Ticks loadSideBefore = null;
    MachineCpu.Ticks loadSideAfter = null;
    final List<Double> fallbackCores = new ArrayList<>();
    final Optional<CpuSource> cpu = gateway.cpu();
    final Optional<CpuSource> brokerCpu = broker.cpu();
    final CpuSource ownCpu = new ProcessCpuSource(ProcessHandle.current());
    CpuSample brokerBefore = null;
    CpuSample brokerAfter = null;
    CpuSample ownBefore = null;
    CpuSample ownAfter = null;
    double drainSeconds = -1;
    try (Workers workers =
        Workers.open(
            workerClient,
            process,
            recorder,
            workload.workDelay(),
            workload.maxJobsActive(),
            workload.pollInterval(),
            workload.requestTimeout(),
            plan.protocol().jobStreaming(),
            atCapacity)) {
      loadStart = management.scrape();
      starterThread.start();
      final var ticker = new Ticker(plan, recorder);
      if (!warmsOnMoreCpu) {
        ticker.runFor("warmup", plan.warmup(), gateway, () -> {});
      } else {
        // warmed (and mostly JIT-compiled) on the full quota, then settled on the cell's own
        final Duration settle =
            plan.warmup().compareTo(QUOTA_SETTLE.multipliedBy(2)) >= 0
                ? QUOTA_SETTLE
                : plan.warmup().dividedBy(2);
        ticker.runFor("warmup", plan.warmup().minus(settle), gateway, () -> {});
        if (plan.warmupRate() > 0) {
          starter.changeRate(plan.rate());
        }
        gateway.cpuQuota(plan.gatewayCpus());
        ticker.runFor("warmup at quota", settle, gateway, () -> {});
      }

      before = management.scrape();
      cpuBefore = cpu.map(CpuSource::sample).orElse(null);
      jitBefore = CompilerThreads.cpuNanos(gatewayPid);
      machineBefore = MachineCpu.available() ? MachineCpu.read() : null;
      loadSideBefore = machineBefore != null ? MachineCpu.read(loadSideCpus()) : null;
      brokerBefore = brokerCpu.map(CpuSource::sample).orElse(null);
      ownBefore = ownCpu.sample();
      final long windowStart = System.nanoTime();
      recorder.openWindow(windowStart, windowStart + plan.window().toNanos());
      ticker.runFor(
          "measure",
          plan.window(),
          gateway,
          () -> {
            management.meter("gatefork.api.executor.queue.size").ifPresent(queueDepths::add);
            if (cpu.isEmpty()) {
              gateway.cpuCoresNow().ifPresent(fallbackCores::add);
            }
          });
      cpuAfter = cpu.map(CpuSource::sample).orElse(null);
      jitAfter = CompilerThreads.cpuNanos(gatewayPid);
      machineAfter = machineBefore != null ? MachineCpu.read() : null;
      loadSideAfter = loadSideBefore != null ? MachineCpu.read(loadSideCpus()) : null;
      brokerAfter = brokerCpu.map(CpuSource::sample).orElse(null);
      ownAfter = ownCpu.sample();
      after = management.scrape();
      starter.stop();
      starterThread.join(5_000);
      if (atCapacity) {
        // the measurement is over: the gateway gets its CPU back, so that what the drain checks is
        // whether acknowledged instances complete, not how long a starved gateway takes to
        gateway.cpuQuota(options.gatewayCpus());
        drainSeconds = drainAll(plan, recorder, options.overloadAtCapacity().drain());
      } else {
        drain(recorder, workload.requestTimeout());
      }
      recorder.closeWindow();
      loadEnd = management.scrape();
    } finally {
      starter.stop();
      starterThread.interrupt();
    }

    final double seconds = plan.window().toNanos() / 1e9;
    final long sent = recorder.createsSent.sum();
    final Map<String, Long> createErrors = recorder.createErrors();
    final long createErrorCount = createErrors.values().stream().mapToLong(Long::longValue).sum();
    final var throughput =
        new Throughput(
            sent,
            recorder.createdInWindow.sum(),
            recorder.completedInWindow.sum(),
            recorder.skipped.sum(),
            recorder.createdInWindow.sum() / seconds,
            recorder.completedInWindow.sum() / seconds,
            sent > 0 ? 100.0 * createErrorCount / sent : 0,
            recorder.createdTotal.sum(),
            recorder.completedTotal.sum());

    final Map<String, LatencySummary> latency = new LinkedHashMap<>();
    latency.put(CellResult.CREATE, recorder.create.summary());
    latency.put(CellResult.COMPLETE, recorder.complete.summary());
    latency.put(CellResult.END_TO_END, recorder.endToEnd.summary());
    final Map<String, Map<String, Long>> errors = new LinkedHashMap<>();
    errors.put(CellResult.CREATE, createErrors);
    errors.put(CellResult.COMPLETE, recorder.completeErrors());

    final double brokerRequests =
        diff(
            loadStart,
            loadEnd,
            BROKER_REQUESTS,
            labels -> CREATE_REQUEST_TYPE.equals(labels.get("requestType")));
    final double gatewayCreates =
        diff(
            loadStart,
            loadEnd,
            StageBreakdown.METRIC + "_count",
            labels ->
                plan.protocol().api().equals(labels.get("api"))
                    && CREATE_OPERATION.equals(labels.get("operation"))
                    && "total".equals(labels.get("stage")));
    final long clientCreates = recorder.sentTotal.sum();
    final var amplification =
        new Amplification(
            brokerRequests,
            clientCreates,
            gatewayCreates,
            clientCreates > 0 ? brokerRequests / clientCreates : 0);

    final double callerRuns =
        diff(before, after, "gatefork_api_executor_caller_runs_total", labels -> true);
    final var executor =
        new ExecutorFigures(
            callerRuns,
            queueDepths.stream().mapToDouble(Double::doubleValue).max().orElse(-1),
            queueDepths.stream().mapToDouble(Double::doubleValue).average().orElse(-1),
            queueDepths.size());

    GatewayCpu gatewayCpu;
    if (cpuBefore != null && cpuAfter != null) {
      final var delta = cpuAfter.since(cpuBefore);
      gatewayCpu =
          new GatewayCpu(
              delta.coresUsed(),
              delta.periods(),
              delta.throttledPeriods(),
              delta.throttledPct(),
              delta.throttledSeconds(),
              cpu.get().describe());
    } else {
      gatewayCpu =
          new GatewayCpu(
              fallbackCores.stream().mapToDouble(Double::doubleValue).average().orElse(-1),
              0,
              0,
              -1,
              -1,
              "docker stats --no-stream (no throttling figures)");
    }
    final double machineBusy =
        machineBefore != null ? machineAfter.busyPctSince(machineBefore) : -1;
    final double loadSideBusy =
        loadSideBefore != null ? loadSideAfter.busyPctSince(loadSideBefore) : -1;
    // every request this api answered in the window: creates, activations, completions
    final double gatewayRequests =
        diff(
            before,
            after,
            StageBreakdown.METRIC + "_count",
            labels ->
                plan.protocol().api().equals(labels.get("api"))
                    && "total".equals(labels.get("stage")));
    // the counters' own difference where there are counters; docker stats' average otherwise
    final double cpuSeconds =
        cpuBefore != null && cpuAfter != null
            ? cpuAfter.cpuSecondsSince(cpuBefore)
            : gatewayCpu.coresUsed() >= 0 ? gatewayCpu.coresUsed() * seconds : -1;
    final double jitSeconds =
        jitBefore >= 0 && jitAfter >= jitBefore ? (jitAfter - jitBefore) / 1e9 : -1;
    final var cost =
        CellResult.Cost.of(
            cpuSeconds,
            jitSeconds,
            throughput.completed(),
            gatewayRequests,
            createErrors.entrySet().stream()
                .filter(e -> !e.getKey().equals(LoadRecorder.UNANSWERED))
                .mapToLong(Map.Entry::getValue)
                .sum());
    final var jobs =
        new CellResult.JobFigures(
            diff(before, after, BROKER_REQUESTS, labels -> true),
            diff(
                before,
                after,
                BROKER_REQUESTS,
                labels -> ACTIVATE_REQUEST_TYPE.equals(labels.get("requestType"))),
            recorder.completesSent.sum(),
            throughput.completed(),
            diff(before, after, REST_STREAM + "activations_total", labels -> true),
            diff(before, after, REST_STREAM + "handed_back_total", labels -> true));
    final double brokerCores =
        brokerBefore != null && brokerAfter != null
            ? brokerAfter.since(brokerBefore).coresUsed()
            : -1;
    final double ownCores = ownAfter.since(ownBefore).coresUsed();
    final CellResult.OverloadFigures overload =
        atCapacity
            ? overloadFigures(plan, recorder, createErrors, before, after, drainSeconds)
            : null;

    return new CellResult(
        plan.index(),
        plan.phase(),
        plan.mode().name(),
        plan.protocol().tag(),
        plan.tasks(),
        plan.round(),
        plan.rate(),
        plan.requestLimit(),
        plan.partitions(),
        plan.gatewayCpus(),
        plan.warmup().toMillis() / 1000.0,
        seconds,
        plan.mode().env(),
        throughput,
        latency,
        errors,
        StageBreakdown.between(before, after, plan.protocol().api()),
        gatewayCpu,
        machineBusy,
        loadSideBusy,
        brokerCores,
        ownCores,
        amplification,
        executor,
        cost,
        jobs,
        startup,
        null,
        overload);
  }

  /** What the client saw of the load at a multiple of capacity, and what became of it. */
  private CellResult.OverloadFigures overloadFigures(
      final CellPlan plan,
      final LoadRecorder recorder,
      final Map<String, Long> createErrors,
      final MetricsSnapshot before,
      final MetricsSnapshot after,
      final double drainSeconds) {
    final Map<AnswerKind, Long> byKind = new java.util.EnumMap<>(AnswerKind.class);
    createErrors.forEach((name, n) -> byKind.merge(AnswerKind.ofError(name), n, Long::sum));
    final long ok = recorder.createOkInWindow.sum();
    final long exhausted = byKind.getOrDefault(AnswerKind.EXHAUSTED, 0L);
    final long timeouts = byKind.getOrDefault(AnswerKind.TIMEOUT, 0L);
    final long other = byKind.getOrDefault(AnswerKind.OTHER, 0L);
    final var delivery = recorder.delivery();
    final double multiple = options.overloadAtCapacity().multiple();
    return new CellResult.OverloadFigures(
        plan.rate() / multiple,
        options.overloadAtCapacity().capacity() > 0
            ? null
            : options.overloadAtCapacity().capacityMode().name(),
        multiple,
        ok + exhausted + timeouts + other,
        ok,
        exhausted,
        timeouts,
        other,
        recorder.skipped.sum(),
        recorder.exhaustedAnswerP99Ms(),
        diff(
            before,
            after,
            OVERLOAD_SHED,
            labels ->
                plan.protocol().api().equals(labels.get("api"))
                    && CREATE_OPERATION.equals(labels.get("operation"))),
        after.has(OVERLOAD_LIMIT) ? after.sum(OVERLOAD_LIMIT) : -1,
        recorder.completeErrors().values().stream().mapToLong(Long::longValue).sum(),
        recorder.completionsFoundGone.sum(),
        delivery.acknowledged(),
        delivery.completed(),
        delivery.notCompleted(),
        delivery.completedUnacknowledged(),
        drainSeconds);
  }

  /** The broker's and the load generator's CPUs; all of them when nothing is pinned. */
  private List<Integer> loadSideCpus() {
    return options.placement().pinned() ? options.placement().loadCpus() : List.of();
  }

  /** Ticks once a second for {@code length}, printing progress every few seconds. */
  private final class Ticker {
    private final CellPlan plan;
    private final LoadRecorder recorder;
    private long lastPrint = System.nanoTime();
    private long lastCreated;
    private long lastCompleted;
    private long lastSent;
    private long lastErrors;

    Ticker(final CellPlan plan, final LoadRecorder recorder) {
      this.plan = plan;
      this.recorder = recorder;
    }

    void runFor(
        final String stage, final Duration length, final Node gateway, final Runnable everySecond)
        throws InterruptedException {
      final long start = System.nanoTime();
      final long end = start + length.toNanos();
      long nextTick = start;
      while (true) {
        final long now = System.nanoTime();
        if (now >= end) {
          return;
        }
        if (now >= nextTick) {
          everySecond.run();
          nextTick += TimeUnit.SECONDS.toNanos(1);
        }
        if (now - lastPrint >= PROGRESS_EVERY.toNanos()) {
          print(stage, (now - start) / 1_000_000_000L, length.toSeconds(), now);
          if (!gateway.alive()) {
            throw new IllegalStateException("the gateway stopped during " + stage);
          }
        }
        TimeUnit.NANOSECONDS.sleep(
            Math.min(
                end - now,
                Math.max(
                    1_000_000L, Math.min(nextTick, lastPrint + PROGRESS_EVERY.toNanos()) - now)));
      }
    }

    private void print(final String stage, final long elapsed, final long of, final long now) {
      final double seconds = (now - lastPrint) / 1e9;
      final long sent = recorder.sentTotal.sum();
      final long created = recorder.createdTotal.sum();
      final long completed = recorder.completedTotal.sum();
      final long errors = recorder.errorsTotal.sum();
      progress.line(
          "%s %s %ds/%ds sent %.0f/s created %.0f/s completed %.0f/s errors %d in-flight %d"
              .formatted(
                  plan.title(),
                  stage,
                  elapsed,
                  of,
                  (sent - lastSent) / seconds,
                  (created - lastCreated) / seconds,
                  (completed - lastCompleted) / seconds,
                  errors - lastErrors,
                  recorder.inFlight.get()));
      lastPrint = now;
      lastSent = sent;
      lastCreated = created;
      lastCompleted = completed;
      lastErrors = errors;
    }
  }

  private CamundaClient client(final CellPlan plan) {
    final Protocol protocol = plan.protocol();
    final var workload = options.workload();
    final var builder =
        CamundaClient.newClientBuilder()
            .applyEnvironmentVariableOverrides(false)
            .restAddress(URI.create("http://127.0.0.1:" + options.ports().rest()))
            .grpcAddress(URI.create("http://127.0.0.1:" + options.ports().grpc()))
            .preferRestOverGrpc(protocol == Protocol.REST)
            .defaultRequestTimeout(workload.requestTimeout())
            .numJobWorkerExecutionThreads(workload.workerThreads())
            .defaultJobWorkerMaxJobsActive(workload.maxJobsActive())
            .useDefaultRetryPolicy(false);
    if (protocol.widenedRestPool()) {
      // the cells at a multiple of capacity may have more creates outstanding: room for them all
      builder.maxHttpConnections(
          plan.phase().equals(AtCapacity.PHASE)
              ? Math.max(
                  options.restConnections(),
                  options.overloadAtCapacity().maxInFlight() + workload.maxJobsActive())
              : options.restConnections());
    }
    return builder.build();
  }

  private void awaitBroker(final Node broker) throws InterruptedException {
    final long deadline = System.nanoTime() + BROKER_START.toNanos();
    while (System.nanoTime() < deadline) {
      final String output = broker.output();
      if (output.contains("listening on")) {
        return;
      }
      if (!broker.alive()) {
        throw new IllegalStateException("the broker exited: " + tail(output));
      }
      TimeUnit.MILLISECONDS.sleep(250);
    }
    throw new IllegalStateException("the broker was not ready within " + BROKER_START);
  }

  private void awaitGateway(final Node gateway, final ManagementClient management)
      throws InterruptedException {
    final long deadline = System.nanoTime() + GATEWAY_START.toNanos();
    int checks = 0;
    while (System.nanoTime() < deadline) {
      if (management.ready()) {
        return;
      }
      if (++checks % 8 == 0 && !gateway.alive()) {
        throw new IllegalStateException("the gateway exited: " + tail(gateway.output()));
      }
      TimeUnit.MILLISECONDS.sleep(250);
    }
    throw new IllegalStateException(
        "the gateway was not ready within " + GATEWAY_START + ": " + tail(gateway.output()));
  }

  private void awaitTopology(final CamundaClient client, final int partitions)
      throws InterruptedException {
    final long deadline = System.nanoTime() + TOPOLOGY.toNanos();
    String last = "no answer";
    while (System.nanoTime() < deadline) {
      try {
        final var topology = client.newTopologyRequest().send().join(5, TimeUnit.SECONDS);
        final long leaders =
            topology.getBrokers().stream()
                .flatMap(b -> b.getPartitions().stream())
                .filter(p -> p.isLeader())
                .count();
        if (leaders >= partitions) {
          return;
        }
        last = leaders + " leaders";
      } catch (final RuntimeException e) {
        last = e.getMessage();
      }
      TimeUnit.MILLISECONDS.sleep(250);
    }
    throw new IllegalStateException(
        "no leader for every partition within " + TOPOLOGY + ": " + last);
  }

  /**
   * The deployment reaches the other partitions asynchronously: create until a run of creates
   * (round robin over the partitions) succeeds, so the warm-up starts on a complete cluster.
   */
  private void awaitDeployedEverywhere(
      final CamundaClient client,
      final BenchProcess process,
      final int partitions,
      final LoadRecorder recorder)
      throws InterruptedException {
    final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    int inARow = 0;
    String last = "";
    while (inARow < partitions * 2) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("the process was not deployed to every partition: " + last);
      }
      try {
        final var created =
            client
                .newCreateInstanceCommand()
                .bpmnProcessId(process.processId())
                .latestVersion()
                .variables(Map.of(Workers.SENT_AT, 0L))
                .send()
                .join(10, TimeUnit.SECONDS);
        recorder.probe(created.getProcessInstanceKey());
        inARow++;
      } catch (final RuntimeException e) {
        inARow = 0;
        last = e.getMessage();
        TimeUnit.MILLISECONDS.sleep(200);
      }
    }
  }

  /**
   * After the window of a cell at a multiple of capacity: wait until every create is answered and
   * every instance whose creation was acknowledged has completed; give up when none of the missing
   * ones completed for {@link #DRAIN_STALL} (longer than the workers' job timeout, after which a
   * job whose activation answer was lost is handed out again), or after {@code bound}. Returns how
   * long it waited. What is still missing then is lost.
   */
  private double drainAll(final CellPlan plan, final LoadRecorder recorder, final Duration bound)
      throws InterruptedException {
    final long start = System.nanoTime();
    final long deadline = start + bound.toNanos();
    long nextPrint = start + PROGRESS_EVERY.toNanos();
    long lastMissing = Long.MAX_VALUE;
    long lastProgress = start;
    while (System.nanoTime() < deadline) {
      final long missing = recorder.notCompleted();
      if (recorder.inFlight.get() == 0 && missing == 0) {
        break;
      }
      final long now = System.nanoTime();
      if (missing < lastMissing || recorder.inFlight.get() > 0) {
        lastMissing = Math.min(lastMissing, missing);
        lastProgress = now;
      } else if (now - lastProgress > DRAIN_STALL.toNanos()) {
        progress.line(
            "%s drain: %d acknowledged instances not completed, none for %ds: giving up"
                .formatted(plan.title(), missing, DRAIN_STALL.toSeconds()));
        break;
      }
      if (System.nanoTime() >= nextPrint) {
        progress.line(
            "%s drain: %d creates in flight, %d acknowledged instances not completed yet"
                .formatted(plan.title(), recorder.inFlight.get(), missing));
        nextPrint += PROGRESS_EVERY.toNanos();
      }
      TimeUnit.MILLISECONDS.sleep(200);
    }
    return (System.nanoTime() - start) / 1e9;
  }

  /** After the window: let in-flight creates answer and started instances finish, bounded. */
  private static void drain(final LoadRecorder recorder, final Duration requestTimeout)
      throws InterruptedException {
    final long deadline =
        System.nanoTime()
            + Math.min(
                requestTimeout.toNanos() + TimeUnit.SECONDS.toNanos(2),
                TimeUnit.SECONDS.toNanos(15));
    while (System.nanoTime() < deadline) {
      if (recorder.inFlight.get() == 0
          && recorder.completedTotal.sum() >= recorder.createdTotal.sum()) {
        return;
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
  }

  private static double diff(
      final MetricsSnapshot before,
      final MetricsSnapshot after,
      final String name,
      final java.util.function.Predicate<Map<String, String>> filter) {
    return after.sum(name, filter) - before.sum(name, filter);
  }

  private CellResult failed(final CellPlan plan, final Exception e, final double elapsed) {
    final String message = e.getClass().getSimpleName() + ": " + e.getMessage();
    return new CellResult(
        plan.index(),
        plan.phase(),
        plan.mode().name(),
        plan.protocol().tag(),
        plan.tasks(),
        plan.round(),
        plan.rate(),
        plan.requestLimit(),
        plan.partitions(),
        plan.gatewayCpus(),
        plan.warmup().toMillis() / 1000.0,
        plan.window().toMillis() / 1000.0,
        plan.mode().env(),
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
        elapsed,
        message,
        null);
  }

  private static String tail(final String output) {
    final String[] lines = output.strip().split("\n");
    return String.join(
        " | ", java.util.Arrays.copyOfRange(lines, Math.max(0, lines.length - 5), lines.length));
  }
}
