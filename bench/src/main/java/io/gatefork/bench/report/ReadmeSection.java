package io.gatefork.bench.report;

import static io.gatefork.bench.report.Table.num;
import static io.gatefork.bench.report.Table.spread;

import java.util.List;

/**
 * The README's workload section for this run: date, command, placement, then gateway CPU per
 * instance per cell, the comparisons with their spread, the saturation point, the sweep, the
 * overload step and the headline figures. Paste-ready; every figure comes from this run.
 */
public final class ReadmeSection {
  private ReadmeSection() {}

  public static String render(
      final RunResult run, final Analysis analysis, final String resultsDir) {
    final StringBuilder md = new StringBuilder();
    md.append("### Workload benchmark: gateway CPU per process instance\n\n");
    md.append("Run ")
        .append(run.startedAt())
        .append(" – ")
        .append(run.finishedAt())
        .append(" (")
        .append(run.machine().getOrDefault("cpus", "?"))
        .append(" cores; gateway: ")
        .append(run.machine().getOrDefault("placement", "?"))
        .append("). Re-run it with:\n\n    ")
        .append(run.command())
        .append("\n\n");
    md.append("Full report, raw JSON and charts: `")
        .append(resultsDir)
        .append("/` (report.md, results.json, *.png). ")
        .append(MarkdownReport.validityText(analysis))
        .append('\n');

    for (final String phase : List.of("main", "saturation")) {
      final List<Aggregate> rows = analysis.phase(phase);
      if (rows.isEmpty()) {
        continue;
      }
      md.append(
          phase.equals("main")
              ? "Cells (median [min–max] over the rounds):\n\n"
              : "At stock's saturation point:\n\n");
      final Table t =
          new Table(
              "mode",
              "protocol",
              "tasks",
              "offered/s",
              "rounds",
              "gateway CPU µs/instance",
              "completed/s",
              "broker/load CPUs %",
              "broker stage p50 ms",
              "validity",
              "create p50 ms",
              "create p99 ms");
      for (final Aggregate a : rows) {
        t.row(
            a.mode(),
            a.protocol(),
            a.tasks(),
            num(a.offeredRate(), 0),
            a.rounds(),
            spread(a.cpuPerInstanceUs(), 0),
            spread(a.completed(), 1),
            spread(a.loadSideBusy(), 0),
            spread(a.brokerStageP50(), 2),
            MarkdownReport.validity(a),
            spread(a.createP50s(), 2),
            spread(a.createP99s(), 2));
      }
      md.append(t.render()).append('\n');
    }
    appendTable(md, "Against stock:", MarkdownReport.comparisons(analysis.versusStock()));
    appendTable(md, "REST against gRPC:", MarkdownReport.comparisons(analysis.restVersusGrpc()));
    appendTable(
        md,
        "The client's default REST pool against a widened one:",
        MarkdownReport.comparisons(analysis.defaultPoolVersusWidened()));
    appendTable(
        md,
        "REST job activation, stream against poll and gRPC streaming:",
        MarkdownReport.activationCells(analysis));
    appendTable(
        md, "REST stream against the others:", MarkdownReport.activationComparisons(analysis));
    appendTable(md, "Where stock saturates (ramp):", MarkdownReport.saturationPoints(analysis));
    appendTable(
        md,
        "Executor sweep at that point:",
        MarkdownReport.comparisons(analysis.sweepVersusPatched()));
    appendTable(md, "Did the API executor fill there?", MarkdownReport.executorFill(analysis));
    appendTable(
        md,
        "Under backpressure (broker request limit, offered above capacity):",
        MarkdownReport.overload(analysis));
    final Table atCapacity = MarkdownReport.atCapacityCells(analysis);
    if (!atCapacity.isEmpty()) {
      appendTable(
          md,
          MarkdownReport.atCapacityTitle(analysis) + ", capacity:",
          MarkdownReport.capacities(analysis));
      appendTable(md, MarkdownReport.atCapacityTitle(analysis) + ":", atCapacity);
    }
    appendTable(md, "Headline figures:", MarkdownReport.headlines(analysis));
    return md.toString();
  }

  private static void appendTable(final StringBuilder md, final String title, final Table t) {
    if (!t.isEmpty()) {
      md.append(title).append("\n\n").append(t.render()).append('\n');
    }
  }
}
