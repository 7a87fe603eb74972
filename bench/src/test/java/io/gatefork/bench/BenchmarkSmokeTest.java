package io.gatefork.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.gatefork.bench.config.BenchOptions;
import io.gatefork.bench.report.Charts;
import io.gatefork.bench.report.ResultsWriter;
import io.gatefork.bench.run.BenchRun;
import io.gatefork.bench.run.Progress;
import io.gatefork.bench.runtime.DockerEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Keeps the harness working: the {@code --smoke} run against the real image, a few seconds per cell
 * through every phase: stock and patched over REST (widened pool, polling workers) and gRPC
 * (streaming workers), a one-step ramp, a sweep cell at the rate the ramp found, REST overload
 * against the broker's request limit, and one adaptive REST cell of the workload at twice the
 * capacity the ramp's step stands for. Its numbers are not asserted, only that every cell measured
 * something, that no acknowledged instance was lost, and that the results folder is complete. Needs
 * Docker: {@code -Dqa.docker.required=true} (CI) fails without it, otherwise it is skipped.
 */
class BenchmarkSmokeTest {
  @Test
  void theSmokeRunMeasuresEveryCellAndWritesTheResultsFolder() throws Exception {
    final var unavailable = DockerEngine.unavailableReason();
    if (unavailable.isPresent()) {
      if (Boolean.getBoolean("qa.docker.required")) {
        fail(
            "Docker is required (qa.docker.required=true) but not available: " + unavailable.get());
      }
      final String line =
          "bench smoke skipped: Docker is not available ("
              + unavailable.get()
              + "); -Dqa.docker.required=true turns this into a failure";
      System.out.println(line);
      Assumptions.abort(line);
    }
    final Path root =
        Path.of(System.getProperty("gatefork.root", "..")).toAbsolutePath().normalize();
    final Path out = root.resolve("bench/target/bench-smoke");
    final List<String> args =
        new ArrayList<>(List.of("--smoke", "--root", root.toString(), "--out", out.toString()));
    final String baseImage = System.getProperty("qa.base.image", "");
    if (!baseImage.isBlank()) {
      args.addAll(List.of("--base-image", baseImage));
    }

    // read before the run: the run pins this JVM to the load generator's CPUs
    final int cpus = Runtime.getRuntime().availableProcessors();
    final var analysis =
        new BenchRun(BenchOptions.parse(args.toArray(String[]::new)), new Progress(System.out))
            .run();

    assertThat(analysis.failures()).as("failed cells").isEmpty();
    assertThat(analysis.cells())
        .extracting(c -> c.phase() + " " + c.mode() + "/" + c.protocol())
        .containsExactly(
            "main stock/rest",
            "main stock/grpc-stream",
            "main patched/rest",
            "main patched/grpc-stream",
            "ramp stock/rest",
            "sweep queue-16/rest",
            "overload fail-fast/rest",
            "overload-2x adaptive/rest");
    for (final var cell : analysis.cells()) {
      assertThat(cell.throughput().createsSent()).as(cell.mode() + " creates sent").isPositive();
      assertThat(cell.throughput().createdInCell()).as(cell.mode() + " created").isPositive();
      assertThat(cell.amplification().brokerRequests()).as("broker requests seen").isPositive();
      assertThat(cell.gatewayCpu().coresUsed()).as("gateway CPU read").isPositive();
      assertThat(cell.cost().gatewayRequests()).as("gateway requests counted").isPositive();
      if (cpus >= 2) {
        assertThat(cell.loadSideBusyPct()).as("broker/load CPUs read").isPositive();
      }
    }
    for (final var cell : analysis.cells()) {
      if (!cell.phase().equals("overload")) {
        assertThat(cell.throughput().completedInCell())
            .as(cell.mode() + " instances completed")
            .isPositive();
        assertThat(cell.cost().cpuPerInstanceUs())
            .as(cell.phase() + " " + cell.mode() + " CPU per instance")
            .isPositive();
      }
    }
    // the sweep ran at the rate the ramp stood for (its only step), both on the reduced quota
    final var ramp = analysis.cells().get(4);
    assertThat(analysis.cells().get(5).offeredRate()).isEqualTo(ramp.offeredRate());
    assertThat(analysis.cells().subList(4, 6)).allMatch(c -> c.gatewayCpus() == 0.5);
    // the overload cell had partitions to hop to
    assertThat(analysis.cells().get(6).partitions()).isGreaterThanOrEqualTo(2);
    // with its connection pool widened, the REST client offers enough load to reach the
    // broker's request limit (with the client's 5 connections it never did)
    assertThat(analysis.cells().get(6).errors().get("create").keySet())
        .as("REST overload errors")
        .anyMatch(status -> status.startsWith("HTTP 503"));
    // the workload at twice the capacity stock's ramp step completed, on the reduced quota; every
    // instance whose creation the client saw acknowledged completed
    final var atCapacity = analysis.cells().get(7);
    final var capacity = analysis.capacity("stock", "rest", 1).orElseThrow();
    assertThat(atCapacity.offeredRate()).isEqualTo(2 * capacity.rate());
    assertThat(capacity.rate()).isPositive();
    assertThat(atCapacity.gatewayCpus()).isEqualTo(0.5);
    assertThat(atCapacity.overload().acknowledged()).isPositive();
    assertThat(atCapacity.overload().lost()).as("acknowledged instances lost").isZero();
    assertThat(atCapacity.overload().calls()).isEqualTo(atCapacity.throughput().createsSent());
    for (final String file :
        List.of(
            ResultsWriter.JSON,
            ResultsWriter.REPORT,
            ResultsWriter.README_SECTION,
            Charts.LATENCY,
            Charts.STAGES,
            Charts.THROTTLING,
            Charts.CPU_PER_INSTANCE)) {
      assertThat(out.resolve(file)).as(file).isNotEmptyFile();
    }
    assertThat(Files.readString(out.resolve(ResultsWriter.REPORT)))
        .contains(
            "## Main cells",
            "## Saturation point found by the ramp",
            "## Overload: the workload at 2× capacity",
            "## Headline figures");
  }
}
