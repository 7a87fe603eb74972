package io.gatefork.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Keeps the workload benchmark working: bench/cost/workload_bench.py --smoke (an embedded broker,
 * patched gateways, this module's load generator over REST and gRPC streaming, a few seconds each)
 * against the packaged distribution, which the reactor builds before this module. Its numbers are
 * not asserted, only that every cell completed instances with no create failed but by shedding, and
 * that the results folder is complete. Skipped without the distribution, unless {@code
 * -Dbench.smoke.required=true} (CI, through qa.docker.required) makes that a failure.
 */
class WorkloadSmokeTest {
  @Test
  void theSmokeRunCompletesInstancesInEveryCell() throws Exception {
    final Path root =
        Path.of(System.getProperty("gatefork.root", "..")).toAbsolutePath().normalize();
    if (!Files.isDirectory(root.resolve("dist/target/gatefork/lib"))) {
      final String why = "bench smoke skipped: no dist/target/gatefork (mvn -B package builds it)";
      if (Boolean.getBoolean("bench.smoke.required")) {
        fail(why + ", and bench.smoke.required=true");
      }
      System.out.println(why);
      Assumptions.abort(why);
    }
    final Path out = root.resolve("bench/target/bench-smoke");
    final Process run =
        new ProcessBuilder(
                List.of(
                    "python3",
                    "-B",
                    "bench/cost/workload_bench.py",
                    "--smoke",
                    "--out",
                    out.toString(),
                    // this test's classpath holds the load generator and its dependencies
                    "--load-classpath",
                    System.getProperty("java.class.path")))
            .directory(root.toFile())
            .inheritIO()
            .start();
    if (!run.waitFor(8, TimeUnit.MINUTES)) {
      run.destroy(); // SIGTERM: the script stops everything it started
      run.waitFor(1, TimeUnit.MINUTES);
      fail("the smoke run did not finish within 8 minutes");
    }
    assertThat(run.exitValue()).as("workload_bench.py --smoke exit code").isZero();
    assertThat(out.resolve("report.md")).isNotEmptyFile();
    final Path results = out.resolve("results.json.gz");
    final JsonNode cells;
    try (InputStream json = new GZIPInputStream(Files.newInputStream(results))) {
      cells = new ObjectMapper().readTree(json).get("cells");
    }
    assertThat(cells)
        .extracting(c -> c.get("protocol").asText())
        .containsExactlyInAnyOrder("rest", "grpc-stream");
    for (final JsonNode cell : cells) {
      final String name = cell.get("mode").asText() + "/" + cell.get("protocol").asText();
      assertThat(cell.get("completed").asLong()).as(name + " instances completed").isPositive();
      // a fresh gateway's admission limit may shed creates in its first seconds (503 /
      // RESOURCE_EXHAUSTED, counted apart): an answer by design; anything else is a failure
      assertThat(cell.get("creates_timeout").asLong()).as(name + " timed-out creates").isZero();
      assertThat(cell.get("creates_other").asLong()).as(name + " other failed creates").isZero();
      assertThat(cell.get("cpu_us_per_instance").asDouble())
          .as(name + " CPU per instance")
          .isPositive();
    }
  }
}
