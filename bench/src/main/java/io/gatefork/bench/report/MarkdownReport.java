package io.gatefork.bench.report;

import static io.gatefork.bench.report.Table.num;
import static io.gatefork.bench.report.Table.ratio;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Renders {@code report.md}: every table of the run, the ratios and the targets. */
public final class MarkdownReport {
  private MarkdownReport() {}

  public static String render(final RunResult run, final Analysis analysis) {
    final StringBuilder md = new StringBuilder();
    md.append("# gatefork benchmark\n\n");
    md.append("- started ").append(run.startedAt()).append(", finished ").append(run.finishedAt())
        .append('\n');
    md.append("- command: `").append(run.command()).append("`\n");
    run.machine().forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
    for (final String note : run.notes()) {
      md.append("- ").append(note).append('\n');
    }
    md.append('\n');

    section(md, "Modes and protocols", mainTable(analysis.phase("main")));
    section(md, "Each mode against stock (ratios < 1 are faster; throughput > 1 is more)",
        versusStock(analysis));
    section(md, "REST against gRPC (ratios REST / gRPC)", restVersusGrpc(analysis));
    section(md, "Stage breakdown of create-process-instance (gateway stage timer, mean ms;"
        + " gateway-added = total - broker)", stages(analysis.phase("main")));
    section(md, "Executor sweep", mainTable(analysis.phase("sweep")));
    section(md, "Overload: backpressure from the broker's request limit", overload(analysis));
    section(md, "Saturation ramp", ramp(analysis));
    section(md, "Targets (reported, not asserted)", targets(analysis));
    section(md, "Errors by status", errors(analysis));
    if (!analysis.failures().isEmpty()) {
      final Table failures = new Table("cell", "mode", "protocol", "phase", "failure");
      analysis.failures().forEach(c -> failures.row(c.index(), c.mode(), c.protocol(), c.phase(),
          c.failure()));
      section(md, "Failed cells (see logs/)", failures);
    }
    md.append("""
        Latencies are client-side (around the official client's create and complete calls) in ms.
        "not sent/s": creates the starter skipped because --max-in-flight calls were outstanding
        (the client could not keep up with the offered rate).
        End-to-end: create sent -> last job's completion acknowledged. Stage figures come from the
        gateway's `gatefork_request_stage_seconds` histogram diffed over the window; their p50 is
        interpolated within buckets (the finest bucket is 0-1 ms). Gateway CPU and throttling come
        from the container's cgroup; machine CPU is all cores from /proc/stat (broker and load
        generator included). Charts: latency-percentiles.png, stage-breakdown.png,
        throughput-vs-throttling.png.
        """);
    return md.toString();
  }

  static void section(final StringBuilder md, final String title, final Table table) {
    if (!table.isEmpty()) {
      md.append("## ").append(title).append("\n\n").append(table.render()).append('\n');
    }
  }

  static Table mainTable(final List<Aggregate> rows) {
    final Table t = new Table("mode", "protocol", "rounds", "created/s", "completed/s",
        "not sent/s", "create p50", "p95", "p99", "max", "complete p50", "p99", "e2e p50", "e2e p99",
        "errors %", "gateway cores", "throttled %", "machine CPU %", "broker / loadgen cores",
        "broker req/create",
        "caller-runs", "queue max/mean");
    for (final Aggregate a : rows) {
      t.row(a.mode(), a.protocol(), a.rounds(), num(a.createdPerSecond(), 1),
          num(a.completedPerSecond(), 1), num(a.notSentPerSecond(), 1), num(a.createP50(), 2),
          num(a.createP95(), 2),
          num(a.createP99(), 2), num(a.createMax(), 1), num(a.completeP50(), 2),
          num(a.completeP99(), 2), num(a.e2eP50(), 1), num(a.e2eP99(), 1),
          num(a.createErrorPct(), 2), num(a.gatewayCores(), 2), num(a.throttledPct(), 1),
          num(a.machineBusyPct(), 0),
          num(a.brokerCores(), 2) + " / " + num(a.loadGeneratorCores(), 2),
          num(a.amplification(), 2), num(a.callerRuns(), 0),
          num(a.queueMax(), 0) + " / " + num(a.queueMean(), 1));
    }
    return t;
  }

  static Table versusStock(final Analysis analysis) {
    final Table t = new Table("mode", "protocol", "create p50", "create p99", "e2e p99",
        "completed/s", "throttled % (stock)", "gateway cores (stock)");
    for (final var r : analysis.versusStock()) {
      t.row(r.mode(), r.protocol(), ratio(r.createP50Ratio()), ratio(r.createP99Ratio()),
          ratio(r.e2eP99Ratio()), ratio(r.completedRatio()),
          num(r.throttledPct(), 1) + " (" + num(r.stockThrottledPct(), 1) + ")",
          num(r.cores(), 2) + " (" + num(r.stockCores(), 2) + ")");
    }
    return t;
  }

  static Table restVersusGrpc(final Analysis analysis) {
    final Table t = new Table("mode", "create p50 (client)", "create p99 (client)",
        "complete p99 (client)", "create mean (gateway total)", "create p50 (gateway total)",
        "gateway cores");
    for (final var r : analysis.restVersusGrpc()) {
      t.row(r.mode(), ratio(r.createP50Ratio()), ratio(r.createP99Ratio()),
          ratio(r.completeP99Ratio()), ratio(r.gatewayTotalMeanRatio()),
          ratio(r.gatewayTotalP50Ratio()), ratio(r.coresRatio()));
    }
    return t;
  }

  static Table stages(final List<Aggregate> rows) {
    final Table t = new Table("mode", "protocol", "filter", "dispatch", "broker", "queue",
        "mapping", "write", "total", "gateway-added mean", "gateway-added p50 (approx.)");
    for (final Aggregate a : rows) {
      final Map<String, Double> s = a.createStageMeans();
      t.row(a.mode(), a.protocol(), stage(s, "filter"), stage(s, "dispatch"), stage(s, "broker"),
          stage(s, "queue"), stage(s, "mapping"), stage(s, "write"), stage(s, "total"),
          num(a.gatewayAddedMeanMs(), 3), num(a.gatewayAddedP50Ms(), 3));
    }
    return t;
  }

  private static String stage(final Map<String, Double> means, final String stage) {
    final Double value = means.get(stage);
    return value == null ? "–" : num(value, 3);
  }

  static Table overload(final Analysis analysis) {
    final Table t = new Table("mode", "protocol", "offered/s", "broker limit", "created/s",
        "errors %", "broker req/create", "create p50", "create p99", "gateway cores",
        "errors by status");
    for (final Aggregate a : analysis.phase("overload")) {
      final var overloadCell = analysis.cells().stream().filter(c -> c.ok()
          && c.phase().equals("overload") && c.mode().equals(a.mode())
          && c.protocol().equals(a.protocol())).findFirst();
      t.row(a.mode(), a.protocol(), num(a.offeredRate(), 0),
          overloadCell.map(c -> (Object) c.brokerRequestLimit()).orElse("–"),
          num(a.createdPerSecond(), 1), num(a.createErrorPct(), 1), num(a.amplification(), 2),
          num(a.createP50(), 2), num(a.createP99(), 2), num(a.gatewayCores(), 2),
          errorsText(a.errors()));
    }
    return t;
  }

  static Table ramp(final Analysis analysis) {
    final Table t = new Table("mode", "protocol", "offered/s", "created/s", "completed/s",
        "errors %", "create p99", "throttled %", "sustained");
    for (final var s : analysis.ramp()) {
      t.row(s.mode(), s.protocol(), num(s.offered(), 0), num(s.created(), 1),
          num(s.completed(), 1), num(s.errorPct(), 2), num(s.createP99(), 2),
          num(s.throttledPct(), 1), s.sustained() ? "yes" : "no");
    }
    return t;
  }

  static Table targets(final Analysis analysis) {
    final Table t = new Table("target", "goal", "measured", "verdict");
    for (final var target : analysis.targets()) {
      t.row(target.name(), target.goal(), target.measured(), verdict(target));
    }
    return t;
  }

  static String verdict(final Analysis.Target target) {
    if (target.met() == null) {
      return target.verdict();
    }
    return target.met() ? "MET" : "MISSED (" + target.verdict() + ")";
  }

  static Table errors(final Analysis analysis) {
    final Table t = new Table("phase", "mode", "protocol", "errors");
    for (final String phase : List.of("main", "sweep", "ramp")) {
      for (final Aggregate a : analysis.phase(phase)) {
        if (!a.errors().isEmpty()) {
          t.row(phase, a.mode(), a.protocol(), errorsText(a.errors()));
        }
      }
    }
    return t;
  }

  static String errorsText(final Map<String, Long> errors) {
    return errors.isEmpty() ? "none" : errors.entrySet().stream()
        .map(e -> e.getKey() + " x" + e.getValue()).collect(Collectors.joining(", "));
  }
}
