package io.gatefork.bench.run;

import io.camunda.client.impl.CamundaClientBuilderImpl;
import io.gatefork.bench.config.BenchOptions;
import io.gatefork.bench.config.BenchOptions.AtCapacity;
import io.gatefork.bench.config.Placement;
import io.gatefork.bench.cpu.MachineCpu;
import io.gatefork.bench.report.Analysis;
import io.gatefork.bench.report.CellResult;
import io.gatefork.bench.report.ResultsWriter;
import io.gatefork.bench.report.RunResult;
import io.gatefork.bench.runtime.Affinity;
import io.gatefork.bench.runtime.DockerEngine;
import io.gatefork.bench.runtime.ImageBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** A whole benchmark run: checks, image, the planned cells in order, the results folder. */
public final class BenchRun {
  private final BenchOptions options;
  private final Progress progress;

  public BenchRun(final BenchOptions options, final Progress progress) {
    this.options = options;
    this.progress = progress;
  }

  /** Runs everything and writes the results; returns the analysis of what was measured. */
  public Analysis run() throws IOException {
    final String started = OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString();
    final List<CellPlan> plan = RunPlan.of(options);
    final Duration estimate = RunPlan.estimate(plan);
    final Duration budget =
        options.maxDuration() != null ? options.maxDuration() : estimate.multipliedBy(2);
    Files.createDirectories(options.out());
    final Path logDir = options.out().resolve("logs");
    Files.createDirectories(logDir);

    final List<String> notes = new ArrayList<>();
    if (options.gatewayRuntime().equals("docker") || options.brokerRuntime().equals("docker")) {
      DockerEngine.unavailableReason()
          .ifPresent(
              reason -> {
                throw new IllegalStateException("Docker is not available: " + reason);
              });
      if (options.buildImage()) {
        progress.line(
            ImageBuilder.ensure(
                options.root(), options.image(), options.baseImage(), progress::line));
      } else if (!DockerEngine.imageExists(options.image())) {
        throw new IllegalStateException("no image " + options.image() + " and --no-build given");
      }
    }
    if (options.gatewayRuntime().equals("process")) {
      notes.add(
          "gateway ran as a local process WITHOUT a CPU limit (development mode): not"
              + " comparable with container runs");
    }
    // before pinning: afterwards this JVM sees only the load generator's CPUs
    final Map<String, String> machine = machine(options);
    final var placement = options.placement();
    if (placement.pinned()) {
      if (!placement.loadCpus().isEmpty()) {
        Affinity.pinThisProcess(placement.loadCpus())
            .ifPresent(
                why ->
                    notes.add(
                        "the load generator could not be pinned to CPUs "
                            + Placement.format(placement.loadCpus())
                            + ": "
                            + why));
      }
    } else {
      notes.add(
          "nothing pinned: the gateway shares its CPUs with the broker and the load"
              + " generator, so its CPU per instance includes their interference");
    }
    final double capacity = options.workload().workerCapacityPerSecond();
    final var tasks = options.workload().tasks();
    final double jobsPerSecond =
        tasks.stream()
            .mapToDouble(
                t -> t * (t == 10 && tasks.size() > 1 ? options.tenTaskRate() : options.rate()))
            .max()
            .orElse(options.rate());
    if (jobsPerSecond > capacity * 0.9) {
      notes.add(
          String.format(
              Locale.ROOT,
              "workers can complete at most %.0f jobs/s (%d open"
                  + " jobs, %d ms delay) against %.0f jobs/s offered: completion will lag",
              capacity,
              options.workload().maxJobsActive(),
              options.workload().workDelay().toMillis(),
              jobsPerSecond));
    }
    notes.add(
        "REST clients (setup rest): each client's REST connection pool widened to "
            + options.restConnections()
            + " connections per route (the client's maxHttpConnections); rest-default-pool"
            + " keeps the client's own "
            + CamundaClientBuilderImpl.DEFAULT_MAX_HTTP_CONNECTIONS);
    checkPortsFree();
    progress.line(
        "plan: "
            + plan.size()
            + " cells, about "
            + minutes(estimate)
            + " min"
            + " (bounded to "
            + minutes(budget)
            + " min); results in "
            + options.out());
    notes.forEach(n -> progress.line("note: " + n));

    final var registry = new NodeRegistry();
    final String runId = Long.toString(ProcessHandle.current().pid());
    final var runner =
        new CellRunner(
            options,
            new NodeLauncher(options, logDir, registry, runId),
            registry,
            progress,
            logDir);
    final List<CellResult> results = new ArrayList<>();
    final long deadline = System.nanoTime() + budget.toNanos();
    final Map<String, Analysis.SaturationPoint> points = new LinkedHashMap<>();
    final Map<String, Analysis.Capacity> capacities = new LinkedHashMap<>();
    final List<String> skippedSteps = new ArrayList<>();
    try {
      for (CellPlan cell : plan) {
        if (System.nanoTime() > deadline) {
          notes.add(
              "time budget of "
                  + minutes(budget)
                  + " min used up: cells from "
                  + cell.index()
                  + " on were not run");
          progress.line("time budget used up: skipping the remaining cells");
          break;
        }
        if (cell.rateFromRamp()) {
          final var point = saturationPoint(cell, results, points, notes);
          if (point.isEmpty()) {
            continue;
          }
          cell = cell.at(point.get().rate());
        }
        if (cell.phase().equals(AtCapacity.CAPACITY_PHASE) && capacitySettled(cell, results)) {
          progress.line(cell.title() + " skipped: a lower step settled the capacity");
          skippedSteps.add(
              cell.mode().name() + "/" + cell.protocol().tag() + "@" + Math.round(cell.rate()));
          continue;
        }
        if (cell.rateFromCapacity()) {
          final var found = capacity(cell, results, capacities, notes);
          if (found.isEmpty()) {
            continue;
          }
          cell = cell.at(found.get().rate() * options.overloadAtCapacity().multiple());
        }
        final CellResult result = runner.run(cell);
        results.add(result);
        if (result.ok()) {
          progress.line(cell.title() + " done: " + summary(result));
        }
      }
    } finally {
      registry.release();
    }
    if (!skippedSteps.isEmpty()) {
      notes.add(
          "capacity steps not run, a lower step having settled the capacity: "
              + String.join(", ", skippedSteps));
    }

    final var run =
        new RunResult(
            started,
            OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString(),
            options.commandLine(),
            optionsMap(options),
            machine,
            notes,
            results);
    final var analysis = new Analysis(results, options.partitions(), options.validity());
    final Path display = options.root().relativize(options.out());
    for (final Path file : ResultsWriter.write(run, analysis, options.out(), display.toString())) {
      progress.line("wrote " + file);
    }
    return analysis;
  }

  /**
   * The rate of a cell that runs at stock's saturation point: found once from the ramp's results so
   * far (per protocol and process) and noted in the report. Empty (and the cell skipped) when the
   * ramp measured nothing for that protocol.
   */
  private Optional<Analysis.SaturationPoint> saturationPoint(
      final CellPlan cell,
      final List<CellResult> results,
      final Map<String, Analysis.SaturationPoint> points,
      final List<String> notes) {
    final String key = cell.protocol().tag() + "|" + cell.tasks();
    if (!points.containsKey(key)) {
      final var found =
          new Analysis(results, options.partitions(), options.validity())
              .saturationPoint(rampProtocol(cell), cell.tasks());
      if (found.isEmpty()) {
        notes.add(
            "no ramp result for "
                + cell.protocol().tag()
                + " with "
                + cell.tasks()
                + "-task instances: its saturation and sweep cells were not run");
        progress.line(cell.title() + " skipped: no ramp result to take the rate from");
        points.put(key, null);
      } else {
        points.put(key, found.get());
        notes.add(
            "saturation point ("
                + cell.protocol().tag()
                + ", "
                + cell.tasks()
                + "-task): "
                + Math.round(found.get().rate())
                + "/s; "
                + found.get().how());
        progress.line(
            "saturation point "
                + cell.protocol().tag()
                + ": "
                + Math.round(found.get().rate())
                + "/s ("
                + found.get().how()
                + ")");
      }
    }
    return Optional.ofNullable(points.get(key));
  }

  /**
   * The capacity a cell at a multiple of it runs against: found once per protocol and process from
   * the capacity steps (or the ramp's steps of the capacity mode) so far, and noted in the report.
   * Empty (and the cell skipped) when no step measured that mode over a protocol.
   */
  private Optional<Analysis.Capacity> capacity(
      final CellPlan cell,
      final List<CellResult> results,
      final Map<String, Analysis.Capacity> capacities,
      final List<String> notes) {
    final String key = cell.protocol().tag() + "|" + cell.tasks();
    if (!capacities.containsKey(key)) {
      final String mode = options.overloadAtCapacity().capacityMode().name();
      final var analysis = new Analysis(results, options.partitions(), options.validity());
      final var found =
          analysis
              .capacity(mode, cell.protocol().tag(), cell.tasks())
              .or(() -> analysis.capacity(mode, null, cell.tasks()));
      final double multiple = options.overloadAtCapacity().multiple();
      if (found.isEmpty()) {
        notes.add(
            "no capacity step of mode "
                + mode
                + " for "
                + cell.protocol().tag()
                + " with "
                + cell.tasks()
                + "-task instances: its overload cells at a multiple of capacity were not run");
        progress.line(cell.title() + " skipped: no capacity step to take the rate from");
        capacities.put(key, null);
      } else {
        final var c = found.get();
        capacities.put(key, c);
        final String line =
            String.format(
                Locale.ROOT,
                "capacity (%s, %d-task): %.1f/s, offered %.0f/s (%.1fx); %s",
                cell.protocol().tag(),
                cell.tasks(),
                c.rate(),
                c.rate() * multiple,
                multiple,
                c.how());
        notes.add(line);
        progress.line(line);
      }
    }
    return Optional.ofNullable(capacities.get(key));
  }

  /** A lower capacity step of this mode and protocol fell behind, or its broker side saturated. */
  private boolean capacitySettled(final CellPlan cell, final List<CellResult> results) {
    return new Analysis(results, options.partitions(), options.validity())
        .capacity(cell.mode().name(), cell.protocol().tag(), cell.tasks())
        .filter(Analysis.Capacity::settled)
        .isPresent();
  }

  /** The ramp's protocol that stands for this cell's: itself if ramped, else the first ramped. */
  private String rampProtocol(final CellPlan cell) {
    final var ramped = options.ramp().protocols();
    return ramped.contains(cell.protocol()) || ramped.isEmpty()
        ? cell.protocol().tag()
        : ramped.get(0).tag();
  }

  private static String summary(final CellResult r) {
    return String.format(
        Locale.ROOT,
        "created %.1f/s completed %.1f/s, gateway CPU %.0f µs per"
            + " instance (%.2f cores, throttled %.1f%%), create p50 %.2f ms p99 %.2f ms,"
            + " machine %.0f%%, broker/load CPUs %.0f%%, errors %.2f%%",
        r.throughput().createdPerSecond(),
        r.throughput().completedPerSecond(),
        r.cost().cpuPerInstanceUs(),
        r.gatewayCpu().coresUsed(),
        r.gatewayCpu().throttledPct(),
        r.latency(CellResult.CREATE).p50Ms(),
        r.latency(CellResult.CREATE).p99Ms(),
        r.machineCpuBusyPct(),
        r.loadSideBusyPct(),
        r.throughput().createErrorPct());
  }

  private void checkPortsFree() {
    final var p = options.ports();
    for (final int port :
        new int[] {p.rest(), p.grpc(), p.management(), p.gatewayCluster(), p.broker()}) {
      try (var socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
        socket.setReuseAddress(true);
      } catch (final IOException e) {
        throw new IllegalStateException(
            "port "
                + port
                + " is in use (leftover bench containers?"
                + " docker ps --filter name=gatefork-bench); or pick others with --port-offset");
      }
    }
  }

  private static Map<String, String> machine(final BenchOptions o) {
    final Map<String, String> m = new LinkedHashMap<>();
    m.put("cpus", Integer.toString(Runtime.getRuntime().availableProcessors()));
    m.put(
        "gateway cpus",
        o.gatewayRuntime().equals("docker")
            ? String.format(Locale.ROOT, "%.2f", o.gatewayCpus())
                + (o.saturationGatewayCpus() != o.gatewayCpus()
                    ? String.format(
                        Locale.ROOT,
                        " (ramp, saturation, sweep, capacity and overload-2x: %.2f)",
                        o.saturationGatewayCpus())
                    : "")
                + (o.overloadAtCapacity().enabled()
                        && !o.overloadAtCapacity().gatewayCpus().isEmpty()
                    ? " (capacity and overload-2x: "
                        + String.join(
                            ", ",
                            o.overloadAtCapacity().cells().protocols().stream()
                                .map(
                                    p ->
                                        p.tag()
                                            + " "
                                            + String.format(
                                                Locale.ROOT,
                                                "%.2f",
                                                o.overloadAtCapacity()
                                                    .gatewayCpus(p, o.saturationGatewayCpus())))
                                .toList())
                        + ")"
                    : "")
            : "unlimited (process)");
    if (!o.gatewayJavaOpts().isBlank()) {
      m.put("gateway JVM flags (JAVA_OPTS)", o.gatewayJavaOpts());
    }
    m.put(
        "placement",
        o.placement().pinned()
            ? "gateway on CPU "
                + Placement.format(o.placement().gatewayCpus())
                + (o.gatewayRuntime().equals("docker") ? " (--cpuset-cpus)" : " (taskset)")
                + ", broker and load generator on CPU "
                + Placement.format(o.placement().loadCpus())
            : "not pinned");
    m.put(
        "validity",
        String.format(
            Locale.ROOT,
            "invalid for latency above %.0f %% broker/load"
                + " CPUs or %.1f ms create broker-stage p50",
            o.validity().maxLoadSideBusyPct(),
            o.validity().maxBrokerStageP50Ms()));
    m.put("kernel", read("/proc/sys/kernel/osrelease"));
    m.put("load average at start", read("/proc/loadavg"));
    m.put(
        "load generator JVM",
        System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    if (o.gatewayRuntime().equals("docker") || o.brokerRuntime().equals("docker")) {
      m.put("docker", DockerEngine.serverVersion());
      m.put("other containers at start", Integer.toString(DockerEngine.runningContainers()));
    }
    m.put("image", o.image());
    m.put(
        "broker",
        o.brokerRuntime().equals("docker")
            ? "embedded broker container (no CPU limit), " + partitions(o)
            : "embedded broker local process, " + partitions(o));
    m.put("machine CPU source", MachineCpu.available() ? "/proc/stat" : "unavailable");
    return m;
  }

  private static String partitions(final BenchOptions o) {
    return o.partitions()
        + " partitions"
        + (o.overload().enabled() && o.overloadPartitions() != o.partitions()
            ? " (overload cells: " + o.overloadPartitions() + ")"
            : "");
  }

  private static Map<String, Object> optionsMap(final BenchOptions o) {
    final Map<String, Object> m = new LinkedHashMap<>();
    m.put("modes", o.modes().stream().map(x -> x.name()).toList());
    m.put("protocols", o.protocols().stream().map(x -> x.tag()).toList());
    m.put("rate", o.rate());
    m.put("warmupSeconds", o.warmup().toMillis() / 1000.0);
    m.put("windowSeconds", o.window().toMillis() / 1000.0);
    m.put("rounds", o.rounds());
    m.put("gatewayCpus", o.gatewayCpus());
    m.put("saturationGatewayCpus", o.saturationGatewayCpus());
    m.put("saturationWarmupRate", o.saturationWarmupRate());
    m.put("partitions", o.partitions());
    m.put("gatewayJavaOpts", o.gatewayJavaOpts());
    m.put("smoke", o.smoke());
    m.put("tasks", o.workload().tasks());
    m.put("restConnections", o.restConnections());
    m.put(
        "placement",
        Map.of("gateway", o.placement().gatewayCpus(), "brokerAndLoad", o.placement().loadCpus()));
    m.put("validity", o.validity());
    m.put("workDelayMs", o.workload().workDelay().toMillis());
    m.put("workerThreads", o.workload().workerThreads());
    m.put("workerPollInterval", o.workload().pollInterval().toString());
    m.put("maxJobsActive", o.workload().maxJobsActive());
    m.put("sweep", o.sweep().modes().stream().map(x -> x.name()).toList());
    m.put("sweepRate", o.sweep().atSaturation() ? "stock's saturation point" : o.sweep().rate());
    m.put("saturation", o.saturation().modes().stream().map(x -> x.name()).toList());
    m.put(
        "overload",
        o.overload().enabled()
            ? Map.of(
                "modes",
                o.overload().modes().stream().map(x -> x.name()).toList(),
                "rate",
                o.overload().rate(),
                "brokerRequestLimit",
                o.overload().requestLimit(),
                "partitions",
                o.overloadPartitions())
            : Map.of());
    final var atCapacity = o.overloadAtCapacity();
    m.put(
        "overloadAtCapacity",
        atCapacity.enabled()
            ? Map.of(
                "modes",
                atCapacity.cells().modes().stream().map(x -> x.name()).toList(),
                "protocols",
                atCapacity.cells().protocols().stream().map(x -> x.tag()).toList(),
                "multiple",
                atCapacity.multiple(),
                "capacity",
                atCapacity.capacity() > 0 ? atCapacity.capacity() : "found",
                "capacityMode",
                atCapacity.capacityMode().name(),
                "capacityRates",
                atCapacity.capacityRates(),
                "drainSeconds",
                atCapacity.drain().toMillis() / 1000.0,
                "maxInFlight",
                atCapacity.maxInFlight(),
                "gatewayCpus",
                atCapacity.cells().protocols().stream()
                    .collect(
                        java.util.stream.Collectors.toMap(
                            x -> x.tag(),
                            x -> atCapacity.gatewayCpus(x, o.saturationGatewayCpus()))))
            : Map.of());
    m.put("phases", o.phases());
    m.put(
        "ramp",
        o.ramp().enabled()
            ? Map.of(
                "rates",
                o.ramp().rates(),
                "modes",
                o.ramp().modes().stream().map(x -> x.name()).toList())
            : Map.of());
    m.put("gatewayRuntime", o.gatewayRuntime());
    m.put("brokerRuntime", o.brokerRuntime());
    return m;
  }

  private static String read(final String file) {
    try {
      return Files.readString(Path.of(file)).strip();
    } catch (final IOException e) {
      return "unknown";
    }
  }

  private static String minutes(final Duration d) {
    return String.format(Locale.ROOT, "%.1f", d.toSeconds() / 60.0);
  }
}
