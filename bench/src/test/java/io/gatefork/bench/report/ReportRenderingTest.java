package io.gatefork.bench.report;

import static io.gatefork.bench.report.Cells.cell;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportRenderingTest {
  private static final List<CellResult> CELLS =
      List.of(
          cell("main", "stock", "rest").createLatency(4, 40).throttled(30).build(),
          cell("main", "stock", "grpc").createLatency(3, 20).throttled(25).build(),
          cell("main", "patched", "rest").createLatency(2, 14).throttled(5).build(),
          cell("main", "patched", "grpc").createLatency(1.5, 10).throttled(4).build(),
          cell("sweep", "exec-x4", "rest").build(),
          cell("overload", "stock", "rest")
              .rate(300)
              .amplification(2.5)
              .errors(40, Map.of("HTTP 503 RESOURCE_EXHAUSTED", 3600L))
              .build(),
          cell("overload", "fail-fast", "rest")
              .rate(300)
              .amplification(1.0)
              .errors(45, Map.of("HTTP 503 RESOURCE_EXHAUSTED", 4050L))
              .build(),
          cell("overload-2x", "adaptive", "grpc")
              .rate(400)
              .throughput(195, 190)
              .errors(45, Map.of("gRPC RESOURCE_EXHAUSTED", 5400L))
              .overload(
                  new CellResult.OverloadFigures(
                      200, null, 2, 12_000, 6_600, 5_400, 0, 0, 0, 1.5, 180, 24, 0, 0, 9_000, 9_000,
                      0, 3, 2.5))
              .build(),
          cell("main", "executor", "rest").failed("the gateway exited").build());

  private static RunResult run() {
    return new RunResult(
        "2026-11-22T10:00:00Z",
        "2026-11-22T10:20:00Z",
        "scripts/bench.sh --modes stock,patched",
        Map.of("rate", 150.0),
        Map.of("cpus", "2", "gateway cpus", "2.00"),
        List.of("a note"),
        CELLS);
  }

  @Test
  void theReportHasEveryTableTheRatiosAndTheHeadlineFigures() {
    final String md = MarkdownReport.render(run(), new Analysis(CELLS, 3));
    assertThat(md)
        .contains("`scripts/bench.sh --modes stock,patched`")
        .contains("- a note")
        .contains("## Main cells")
        .contains(
            "| patched | rest | 1 | 150 | 1 | 800 | 267 | – | 150.0 | 1.20 | 5.0 | 80 | 60 | 1.20"
                + " | valid | 2.00 | 14.00 |")
        .contains("## Each mode against stock")
        .contains(
            "| main | patched / stock | patched | rest | 1 | 150 | 1.00x not shown"
                + " | 1.00x not shown | 0.50x | 0.35x |")
        .contains("invalid for latency** when its broker/load CPUs were busier than 90 %")
        .contains("## Sweep against patched")
        .contains("| sweep | exec-x4 / patched |")
        .contains("## REST against gRPC")
        .contains("## Stage breakdown")
        .contains("## Executor sweep")
        .contains("| exec-x4 | rest |")
        .contains("## Overload")
        .contains("HTTP 503 RESOURCE_EXHAUSTED x3600")
        .contains("## Overload: the workload at 2× capacity")
        .contains("Apache HttpClient 5's default retry strategy")
        .contains(
            "| adaptive | grpc | 1 | 400 (200.0) | 1 | 190.0 | 10.0 | 120.0 | 55.0 | 45.0 | 0.0"
                + " | 0.0 | 0.0 | 1.5 | 6.0 | 24 | 9000 | 0 | 3 | 0 | 2.5 | 1.20 (2.00) | 60 |")
        .contains("## Headline figures")
        .contains("| acknowledged instances completed at 2.0x capacity (adaptive, grpc) | 9000 of")
        .doesNotContain("MISSED")
        .contains("## Failed cells")
        .contains("the gateway exited");
  }

  @Test
  void theReadmeSectionNamesDateCommandAndRatios() {
    final String md = ReadmeSection.render(run(), new Analysis(CELLS, 3), "results/x");
    assertThat(md)
        .contains("2026-11-22T10:00:00Z")
        .contains("    scripts/bench.sh --modes stock,patched")
        .contains("`results/x/`")
        .contains("Against stock")
        .contains("REST against gRPC")
        .contains("| main | rest / grpc | patched | rest | 1 | 150 | 1.00x not shown")
        .contains("gateway CPU µs/instance")
        .contains("Under backpressure")
        .contains("| stock | rest | 1 | 300 | 1 | 20 | 1 | 150.0 | 40.0 | 2.50 |")
        .contains("Executor sweep at that point")
        .contains("Headline figures");
  }

  @Test
  void tableCellsEscapePipesAndShowDashesForMissingNumbers() {
    final var table = new Table("a", "b").row("x|y", Table.num(Double.NaN, 1));
    assertThat(table.render()).isEqualTo("| a | b |\n|---|---|\n| x\\|y | – |\n");
  }

  @Test
  void theResultsFolderHoldsJsonReportSectionAndCharts(@TempDir final Path dir) throws IOException {
    final var written = ResultsWriter.write(run(), new Analysis(CELLS, 3), dir, "results/x");
    assertThat(written)
        .extracting(p -> p.getFileName().toString())
        .contains(
            ResultsWriter.JSON,
            ResultsWriter.REPORT,
            ResultsWriter.README_SECTION,
            Charts.LATENCY,
            Charts.STAGES,
            Charts.THROTTLING,
            Charts.CPU_PER_INSTANCE);
    for (final String chart :
        List.of(Charts.LATENCY, Charts.STAGES, Charts.THROTTLING, Charts.CPU_PER_INSTANCE)) {
      final byte[] png = Files.readAllBytes(dir.resolve(chart));
      assertThat(png).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');
    }
    final RunResult back = ResultsWriter.read(dir.resolve(ResultsWriter.JSON));
    assertThat(back.cells()).hasSize(CELLS.size());
    assertThat(back.cells().get(2).latency(CellResult.CREATE).p99Ms()).isEqualTo(14.0);
    assertThat(back.cells().get(8).failure()).isEqualTo("the gateway exited");
    assertThat(back.cells().get(7).overload().acknowledged()).isEqualTo(9_000);
    assertThat(Files.readString(dir.resolve(ResultsWriter.JSON)))
        .contains("\"headlines\"")
        .contains("\"cpuPerInstanceUs\"")
        .contains("\"saturationPoints\"")
        .contains("\"overloadAtCapacity\"");
  }
}
