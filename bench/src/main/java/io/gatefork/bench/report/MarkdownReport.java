package io.gatefork.bench.report;

import static io.gatefork.bench.report.Table.num;
import static io.gatefork.bench.report.Table.ratio;
import static io.gatefork.bench.report.Table.spread;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders {@code report.md}: every phase's cells with gateway CPU per instance as the headline, the
 * validity of each cell for latency, the comparisons with their spread, and the headline figures.
 */
public final class MarkdownReport {
  static final List<String> PHASES =
      List.of(
          "main",
          "saturation",
          "sweep",
          "ramp",
          "overload",
          Analysis.CAPACITY_PHASE,
          Analysis.AT_CAPACITY_PHASE);

  private MarkdownReport() {}

  public static String render(final RunResult run, final Analysis analysis) {
    final StringBuilder md = new StringBuilder();
    md.append("# gatefork benchmark\n\n");
    md.append("- started ")
        .append(run.startedAt())
        .append(", finished ")
        .append(run.finishedAt())
        .append('\n');
    md.append("- command: `").append(run.command()).append("`\n");
    run.machine().forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
    for (final String note : run.notes()) {
      md.append("- ").append(note).append('\n');
    }
    md.append('\n');
    md.append(validityText(analysis)).append('\n');

    section(md, "Main cells", cells(analysis.phase("main")));
    section(md, "Saturation point found by the ramp", saturationPoints(analysis));
    section(md, "At stock's saturation point", cells(analysis.phase("saturation")));
    section(md, "Executor sweep", cells(analysis.phase("sweep")));
    section(
        md,
        "Did the API executor fill? (caller-runs > 0, or the queue sampled once a second"
            + " at capacity; medians of the rounds)",
        executorFill(analysis));
    section(
        md,
        "Each mode against stock (ratio mode / stock per round pair: median [min–max])",
        comparisons(analysis.versusStock()));
    section(md, "REST against gRPC (REST / gRPC)", comparisons(analysis.restVersusGrpc()));
    section(
        md,
        "The client's default REST pool against a widened one (default / widened)",
        comparisons(analysis.defaultPoolVersusWidened()));
    section(
        md,
        "Sweep against patched (sweep mode / patched)",
        comparisons(analysis.sweepVersusPatched()));
    section(
        md,
        "Stage breakdown of create-process-instance (gateway stage timer, median of the"
            + " rounds' means, ms; gateway-added = total - broker)",
        stages(analysis.phase("main")));
    section(
        md,
        "REST job activation: stream mode against polling and gRPC streaming workers (window"
            + " figures; broker requests of every type per instance, activation requests per job)",
        activationCells(analysis));
    section(
        md,
        "REST stream mode against the others (ratio per round pair: median [min–max])",
        activationComparisons(analysis));
    section(md, "Saturation ramp (one round per step)", ramp(analysis));
    section(md, "Overload: backpressure from the broker's request limit", overload(analysis));
    atCapacity(md, analysis, "##");
    section(md, "Headline figures", headlines(analysis));
    section(md, "Errors by status", errors(analysis));
    if (!analysis.failures().isEmpty()) {
      final Table failures = new Table("cell", "mode", "protocol", "phase", "failure");
      analysis
          .failures()
          .forEach(c -> failures.row(c.index(), c.mode(), c.protocol(), c.phase(), c.failure()));
      section(md, "Failed cells (see logs/)", failures);
    }
    md.append(
        """
        **Gateway CPU per instance** is the gateway's CPU time in the window (its container's
        cgroup, or its process) divided by the instances completed in the window; "per request"
        divides it by every request the gateway answered (creates, activations, completions; its
        stage timer). Both hold however fast the broker answered. Latencies are client-side
        (around the official client's create and complete calls) in ms, medians over the valid
        rounds. "not sent/s": creates the starter skipped because --max-in-flight calls were
        outstanding. End-to-end: create sent -> last job's completion acknowledged. Stage figures
        come from the gateway's `gatefork_request_stage_seconds` histogram diffed over the window;
        their p50 is interpolated within buckets. Machine CPU is all cores from /proc/stat;
        broker/load CPUs are the cores of the broker and the load generator. A ratio whose
        min-max range contains 1.00 is marked "not shown". Charts: cpu-per-instance.png,
        latency-percentiles.png, stage-breakdown.png, throughput-vs-throttling.png.
        """);
    return md.toString();
  }

  static String validityText(final Analysis analysis) {
    return Analysis.f(
        "A cell is **invalid for latency** when its broker/load CPUs were busier"
            + " than %.0f %% or its create broker-stage p50 was above %.1f ms: it then measures the"
            + " broker's contention, not the gateway, and its latency is not compared (its CPU per"
            + " instance is).%n",
        analysis.rule().maxLoadSideBusyPct(), analysis.rule().maxBrokerStageP50Ms());
  }

  static void section(final StringBuilder md, final String title, final Table table) {
    if (!table.isEmpty()) {
      md.append("## ").append(title).append("\n\n").append(table.render()).append('\n');
    }
  }

  static String validity(final Aggregate a) {
    if (a.validForLatency()) {
      return "valid";
    }
    return "invalid "
        + (a.rounds() - a.validRounds())
        + "/"
        + a.rounds()
        + ": "
        + String.join("; ", a.invalidReasons());
  }

  static Table cells(final List<Aggregate> rows) {
    final Table t =
        new Table(
            "mode",
            "protocol",
            "tasks",
            "offered/s",
            "rounds",
            "gateway CPU µs/instance",
            "µs/request",
            "JIT µs/instance (not counted)",
            "completed/s",
            "gateway cores",
            "throttled %",
            "machine CPU %",
            "broker/load CPUs %",
            "broker stage p50 ms",
            "validity",
            "create p50",
            "create p99",
            "e2e p99",
            "errors %",
            "not sent/s",
            "caller-runs",
            "queue max");
    for (final Aggregate a : rows) {
      t.row(
          a.mode(),
          a.protocol(),
          a.tasks(),
          num(a.offeredRate(), 0),
          a.rounds(),
          spread(a.cpuPerInstanceUs(), 0),
          spread(a.cpuPerRequestUs(), 0),
          spread(a.jitPerInstanceUs(), 0),
          spread(a.completed(), 1),
          num(a.gatewayCores(), 2),
          num(a.throttledPct(), 1),
          num(a.machineBusyPct(), 0),
          spread(a.loadSideBusy(), 0),
          spread(a.brokerStageP50(), 2),
          validity(a),
          spread(a.createP50s(), 2),
          spread(a.createP99s(), 2),
          num(a.e2eP99(), 1),
          num(a.createErrorPct(), 2),
          num(a.notSentPerSecond(), 1),
          num(a.callerRuns(), 0),
          num(a.queueMax(), 0));
    }
    return t;
  }

  static Table comparisons(final List<Analysis.Comparison> rows) {
    final Table t =
        new Table(
            "phase",
            "subject / baseline",
            "mode",
            "protocol",
            "tasks",
            "offered/s",
            "gateway CPU per instance",
            "completed/s",
            "create p50",
            "create p99");
    for (final var c : rows) {
      final String latencyNote = c.latencyComparable() ? null : "invalid, not compared";
      t.row(
          c.phase(),
          c.subject() + " / " + c.baseline(),
          c.mode(),
          c.protocol(),
          c.tasks(),
          num(c.rate(), 0),
          ratio(c.cpuPerInstance()),
          ratio(c.completed()),
          latencyNote != null ? latencyNote : ratio(c.createP50()),
          latencyNote != null ? latencyNote : ratio(c.createP99()));
    }
    return t;
  }

  static Table stages(final List<Aggregate> rows) {
    final Table t =
        new Table(
            "mode",
            "protocol",
            "tasks",
            "filter",
            "dispatch",
            "broker",
            "queue",
            "mapping",
            "write",
            "total",
            "gateway-added mean",
            "gateway-added p50 (approx.)",
            "validity");
    for (final Aggregate a : rows) {
      final Map<String, Double> s = a.createStageMeans();
      t.row(
          a.mode(),
          a.protocol(),
          a.tasks(),
          stage(s, "filter"),
          stage(s, "dispatch"),
          stage(s, "broker"),
          stage(s, "queue"),
          stage(s, "mapping"),
          stage(s, "write"),
          stage(s, "total"),
          num(a.gatewayAddedMeanMs(), 3),
          num(a.gatewayAddedP50Ms(), 3),
          validity(a));
    }
    return t;
  }

  private static String stage(final Map<String, Double> means, final String stage) {
    final Double value = means.get(stage);
    return value == null ? "–" : num(value, 3);
  }

  static Table executorFill(final Analysis analysis) {
    final Table t =
        new Table(
            "phase",
            "mode",
            "protocol",
            "offered/s",
            "caller-runs",
            "queue max / capacity",
            "filled");
    for (final var f : analysis.executorFill()) {
      t.row(
          f.phase(),
          f.mode(),
          f.protocol(),
          num(f.rate(), 0),
          num(f.callerRuns(), 0),
          num(f.queueMax(), 0) + " / " + f.queueCapacity(),
          f.filled() ? "yes" : "no");
    }
    return t;
  }

  static Table saturationPoints(final Analysis analysis) {
    final Table t = new Table("protocol", "tasks", "rate used", "found", "how");
    for (final var p : analysis.saturationPoints()) {
      t.row(p.protocol(), p.tasks(), num(p.rate(), 0), p.found() ? "yes" : "no", p.how());
    }
    return t;
  }

  static Table overload(final Analysis analysis) {
    final Table t =
        new Table(
            "mode",
            "protocol",
            "tasks",
            "offered/s",
            "partitions",
            "broker limit",
            "rounds",
            "created/s",
            "errors %",
            "broker req per create received",
            "creates sent per client call",
            "gateway CPU µs/request",
            "µs/error (upper bound)",
            "create p99",
            "gateway cores",
            "errors by status");
    for (final Aggregate a : analysis.phase("overload")) {
      final var overloadCell =
          analysis.cells().stream()
              .filter(
                  c ->
                      c.ok()
                          && c.phase().equals("overload")
                          && c.mode().equals(a.mode())
                          && c.protocol().equals(a.protocol()))
              .findFirst();
      t.row(
          a.mode(),
          a.protocol(),
          a.tasks(),
          num(a.offeredRate(), 0),
          a.partitions() > 0 ? a.partitions() : "–",
          overloadCell.map(c -> (Object) c.brokerRequestLimit()).orElse("–"),
          a.rounds(),
          spread(a.createdPerSecondRounds(), 1),
          spread(a.createErrorPctRounds(), 1),
          spread(a.amplificationRounds(), 2),
          num(a.clientSendsPerCall(), 2),
          spread(a.cpuPerRequestUs(), 0),
          spread(a.cpuPerErrorUs(), 0),
          num(a.createP99(), 2),
          num(a.gatewayCores(), 2),
          errorsText(a.errors()));
    }
    return t;
  }

  /** "Overload: the workload at 2× capacity", with its capacity steps and what they found. */
  static String atCapacityTitle(final Analysis analysis) {
    final double multiple =
        analysis.atCapacity().stream()
            .mapToDouble(Analysis.AtCapacityRow::multiple)
            .findFirst()
            .orElse(2);
    final String x =
        multiple == Math.rint(multiple) ? Long.toString((long) multiple) : num(multiple, 1);
    return "Overload: the workload at " + x + "× capacity";
  }

  static final String AT_CAPACITY_TEXT =
      """
      The seeds' workload (the starter creating instances at a fixed rate, the job workers
      completing them) with the official Java client, offered a multiple of the gateway's
      capacity on the reduced quota: the capacity is the completed-instances rate at which the
      capacity mode's gateway kept up in its steps (below). The starter does not retry a failed
      create: it counts it. The client's own layers do what they do for any user: over REST,
      Apache HttpClient 5's default retry strategy (kept by camunda-client-java) sends a create
      answered 503 once more after its `Retry-After` (1 s), so a REST create counts as
      RESOURCE_EXHAUSTED only when both attempts were; gRPC creates are not retried (the
      client's default retry policy is off). A job completion the workers saw fail is sent again
      after 1, 2, 4 and 8 s. Answers are those of the create calls started in the window, in % of
      them; "not sent": creates due that the starter skipped because --overload-2x-max-in-flight
      calls were outstanding. Latencies (ms) are of successes only: create sent -> acknowledged, and
      create sent -> last job's completion acknowledged (end-to-end). **Lost**: instances whose
      creation the client saw acknowledged, over the whole cell, that had not completed when the
      drain after the window ended (the workers' acknowledged completions; a create the client
      saw fail is never counted as acknowledged; "completed, create failed" are instances the
      broker created although the client saw the create fail or time out). The drain gives the
      gateway its whole --gateway-cpus back and waits until nothing is missing, giving up after
      75 s without a missing instance completing (longer than the workers' 60 s job timeout) or
      after --overload-2x-drain. Shed by the gateway:
      its `gatefork_overload_shed_total` for creates, per second of the window.
      """;

  static void atCapacity(final StringBuilder md, final Analysis analysis, final String heading) {
    final Table cells = atCapacityCells(analysis);
    if (cells.isEmpty()) {
      return;
    }
    md.append(heading).append(' ').append(atCapacityTitle(analysis)).append("\n\n");
    md.append(AT_CAPACITY_TEXT).append('\n');
    final Table capacities = capacities(analysis);
    if (!capacities.isEmpty()) {
      md.append("Capacity:\n\n").append(capacities.render()).append('\n');
    }
    final Table steps = steps(analysis.capacitySteps());
    if (!steps.isEmpty()) {
      md.append("Capacity steps (one round each):\n\n").append(steps.render()).append('\n');
    }
    md.append("Cells (median [min–max] over the rounds; instance counts summed):\n\n")
        .append(cells.render())
        .append('\n');
  }

  static Table capacities(final Analysis analysis) {
    final Table t = new Table("mode", "protocol", "tasks", "capacity/s", "found", "how");
    for (final var c : analysis.capacities()) {
      t.row(c.mode(), c.protocol(), c.tasks(), num(c.rate(), 1), c.found() ? "yes" : "no", c.how());
    }
    return t;
  }

  static Table atCapacityCells(final Analysis analysis) {
    final Table t =
        new Table(
            "mode",
            "protocol",
            "tasks",
            "offered/s (capacity)",
            "rounds",
            "completed/s",
            "create p99",
            "e2e p99",
            "ok %",
            "RESOURCE_EXHAUSTED / 503 %",
            "timeouts %",
            "other errors %",
            "not sent/s",
            "503 / RE answer p99",
            "shed by gateway/s",
            "limit at end",
            "acknowledged",
            "lost",
            "completed, create failed",
            "complete errors",
            "drain s",
            "gateway cores (quota)",
            "broker/load CPUs %",
            "bottleneck");
    for (final var r : analysis.atCapacity()) {
      t.row(
          r.mode(),
          r.protocol(),
          r.tasks(),
          num(r.offered(), 0) + " (" + num(r.capacity(), 1) + ")",
          r.rounds(),
          spread(r.completed(), 1),
          spread(r.createP99(), 1),
          spread(r.e2eP99(), 1),
          spread(r.okPct(), 1),
          spread(r.exhaustedPct(), 1),
          spread(r.timeoutPct(), 1),
          spread(r.otherPct(), 1),
          spread(r.notSentPerSecond(), 1),
          spread(r.exhaustedP99(), 1),
          spread(r.gatewayShedPerSecond(), 1),
          spread(r.limitAtEnd(), 0),
          r.acknowledged(),
          r.lost(),
          r.completedUnacknowledged(),
          r.completeErrors()
              + (r.completionsFoundGone() > 0
                  ? " (" + r.completionsFoundGone() + " found done on retry)"
                  : ""),
          spread(r.drainSeconds(), 1),
          spread(r.gatewayCores(), 2) + " (" + num(r.gatewayCpus(), 2) + ")",
          spread(r.loadSideBusy(), 0),
          r.bottleneck());
    }
    return t;
  }

  static Table ramp(final Analysis analysis) {
    return steps(analysis.ramp());
  }

  static Table steps(final List<Analysis.RampStep> steps) {
    final Table t =
        new Table(
            "mode",
            "protocol",
            "tasks",
            "offered/s",
            "created/s",
            "completed/s",
            "errors %",
            "gateway cores (quota)",
            "throttled %",
            "broker/load CPUs %",
            "gateway CPU µs/instance",
            "create p99",
            "sustained",
            "gateway saturated",
            "broker side");
    for (final var s : steps) {
      t.row(
          s.mode(),
          s.protocol(),
          s.tasks(),
          num(s.offered(), 0),
          num(s.created(), 1),
          num(s.completed(), 1),
          num(s.errorPct(), 2),
          num(s.gatewayCores(), 2) + " (" + num(s.gatewayCpus(), 2) + ")",
          num(s.throttledPct(), 1),
          num(s.loadSideBusyPct(), 0),
          num(s.cpuPerInstanceUs(), 0),
          num(s.createP99(), 2),
          s.sustained() ? "yes" : "no",
          s.gatewaySaturated() ? "yes" : "no",
          s.brokerSideValid() ? "not saturated" : "saturated");
    }
    return t;
  }

  static Table activationCells(final Analysis analysis) {
    final Table t =
        new Table(
            "mode",
            "protocol",
            "tasks",
            "offered/s",
            "rounds",
            "e2e p50 ms",
            "e2e p99 ms",
            "broker requests / instance",
            "activation requests / job",
            "jobs pushed to REST %",
            "gateway CPU µs/instance",
            "completed/s",
            "broker/load CPUs %",
            "validity");
    for (final Aggregate a : analysis.activationCells()) {
      final Spread pushed = a.pushedShare();
      t.row(
          a.mode(),
          a.protocol(),
          a.tasks(),
          num(a.offeredRate(), 0),
          a.rounds(),
          spread(a.e2eP50s(), 1),
          spread(a.e2eP99s(), 1),
          spread(a.brokerRequestsPerInstance(), 2),
          spread(a.activateRequestsPerJob(), 2),
          a.protocol().equals("rest") && pushed.measured()
              ? spread(
                  new Spread(
                      pushed.median() * 100, pushed.min() * 100, pushed.max() * 100, pushed.n()),
                  0)
              : "–",
          spread(a.cpuPerInstanceUs(), 0),
          spread(a.completed(), 1),
          spread(a.loadSideBusy(), 0),
          validity(a));
    }
    return t;
  }

  static Table activationComparisons(final Analysis analysis) {
    final Table t =
        new Table(
            "tasks",
            "offered/s",
            "subject / baseline",
            "e2e p50",
            "e2e p99",
            "gateway CPU per instance");
    for (final var c : analysis.restStreamVersusOthers()) {
      final String invalid = "invalid, not compared";
      t.row(
          c.tasks(),
          num(c.rate(), 0),
          c.subject() + " / " + c.baseline(),
          c.latencyComparable() ? ratio(c.e2eP50()) : invalid,
          c.latencyComparable() ? ratio(c.e2eP99()) : invalid,
          ratio(c.cpuPerInstance()));
    }
    return t;
  }

  static Table headlines(final Analysis analysis) {
    final Table t = new Table("figure", "measured");
    analysis.headlines().forEach(h -> t.row(h.name(), h.measured()));
    return t;
  }

  static Table errors(final Analysis analysis) {
    final Table t = new Table("phase", "mode", "protocol", "tasks", "errors");
    for (final String phase : PHASES) {
      if (phase.equals("overload")) {
        continue;
      }
      for (final Aggregate a : analysis.phase(phase)) {
        if (!a.errors().isEmpty()) {
          t.row(phase, a.mode(), a.protocol(), a.tasks(), errorsText(a.errors()));
        }
      }
    }
    return t;
  }

  static String errorsText(final Map<String, Long> errors) {
    return errors.isEmpty()
        ? "none"
        : errors.entrySet().stream()
            .map(e -> e.getKey() + " x" + e.getValue())
            .collect(Collectors.joining(", "));
  }
}
