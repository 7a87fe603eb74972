package io.gatefork.bench.report;

import static io.gatefork.bench.report.Table.num;
import static io.gatefork.bench.report.Table.ratio;

import java.util.List;

/**
 * The README's performance section for this run: date, command, the compact table and the
 * ratios that matter (patched vs stock, REST vs gRPC, amplification) with the targets.
 */
public final class ReadmeSection {
  private ReadmeSection() {}

  public static String render(final RunResult run, final Analysis analysis,
      final String resultsDir) {
    final StringBuilder md = new StringBuilder();
    md.append("### Gateway benchmark: patched against stock, REST against gRPC\n\n");
    md.append("Latest full run: ").append(run.startedAt()).append(" on this machine (")
        .append(run.machine().getOrDefault("cpus", "?")).append(" cores, shared by the gateway,"
            + " the embedded broker and the load generator; gateway container limited to ")
        .append(run.machine().getOrDefault("gateway cpus", "?"))
        .append(" CPUs). Re-run it with:\n\n    ").append(run.command()).append("\n\n");
    md.append("Full report, raw JSON and charts: `").append(resultsDir)
        .append("/` (report.md, results.json, *.png).\n\n");

    final List<Aggregate> main = analysis.phase("main");
    if (!main.isEmpty()) {
      final Table t = new Table("mode", "protocol", "completed/s", "create p50 ms", "p99 ms",
          "complete p99 ms", "e2e p99 ms", "gateway-added p50 ms", "gateway cores",
          "throttled %", "machine CPU %");
      for (final Aggregate a : main) {
        t.row(a.mode(), a.protocol(), num(a.completedPerSecond(), 1), num(a.createP50(), 2),
            num(a.createP99(), 2), num(a.completeP99(), 2), num(a.e2eP99(), 1),
            num(a.gatewayAddedP50Ms(), 2), num(a.gatewayCores(), 2), num(a.throttledPct(), 1),
            num(a.machineBusyPct(), 0));
      }
      md.append(t.render()).append('\n');
    }

    final var vsStock = analysis.versusStock();
    if (!vsStock.isEmpty()) {
      md.append("Against stock (mode / stock; latency < 1 is faster):\n\n");
      final Table t = new Table("mode", "protocol", "create p50", "create p99", "e2e p99",
          "completed/s", "throttled % (stock)");
      for (final var r : vsStock) {
        t.row(r.mode(), r.protocol(), ratio(r.createP50Ratio()), ratio(r.createP99Ratio()),
            ratio(r.e2eP99Ratio()), ratio(r.completedRatio()),
            num(r.throttledPct(), 1) + " (" + num(r.stockThrottledPct(), 1) + ")");
      }
      md.append(t.render()).append('\n');
    }

    final var restGrpc = analysis.restVersusGrpc();
    if (!restGrpc.isEmpty()) {
      md.append("REST / gRPC per mode:\n\n");
      md.append(MarkdownReport.restVersusGrpc(analysis).render()).append('\n');
    }

    if (!analysis.phase("overload").isEmpty()) {
      md.append("Under backpressure (broker request limit, offered above capacity):\n\n");
      final Table t = new Table("mode", "protocol", "offered/s", "errors %",
          "broker requests per create", "create p99 ms");
      for (final Aggregate a : analysis.phase("overload")) {
        t.row(a.mode(), a.protocol(), num(a.offeredRate(), 0), num(a.createErrorPct(), 1),
            num(a.amplification(), 2), num(a.createP99(), 2));
      }
      md.append(t.render()).append('\n');
    }
    if (!analysis.phase("sweep").isEmpty()) {
      md.append("Executor sweep (patched with other pool/queue sizes):\n\n");
      final Table t = new Table("mode", "protocol", "completed/s", "create p50 ms", "p99 ms",
          "caller-runs", "queue max", "throttled %");
      for (final Aggregate a : analysis.phase("sweep")) {
        t.row(a.mode(), a.protocol(), num(a.completedPerSecond(), 1), num(a.createP50(), 2),
            num(a.createP99(), 2), num(a.callerRuns(), 0), num(a.queueMax(), 0),
            num(a.throttledPct(), 1));
      }
      md.append(t.render()).append('\n');
    }
    if (!analysis.ramp().isEmpty()) {
      md.append("Saturation ramp:\n\n").append(MarkdownReport.ramp(analysis).render())
          .append('\n');
    }
    md.append("Targets (reported, not asserted):\n\n")
        .append(MarkdownReport.targets(analysis).render()).append('\n');
    return md.toString();
  }
}
