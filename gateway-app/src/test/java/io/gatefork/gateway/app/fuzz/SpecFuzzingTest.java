package io.gatefork.gateway.app.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * Spec-driven fuzzing of the REST API (issue #12): Schemathesis drives every operation the gateway
 * serves with valid, boundary and invalid inputs derived from the 8.8 spec, against this gateway
 * and its embedded broker, and checks no 5xx, only status codes and content types the spec lists,
 * response bodies that match its schemas, and invalid input refused. Deliberate deviations are in
 * {@code src/test/fuzz/deviations.yaml}; the runner is {@code src/test/fuzz/run_fuzzer.py}.
 *
 * <p>Needs a Python with Schemathesis: {@code -Dfuzz.python=<python>} (default {@code python3}).
 * Without one the test is skipped with one line; {@code -Dfuzz.required=true} (CI, whose {@code
 * .ci/run} installs it) fails instead. Budget and seed: {@code -Dfuzz.max-time} (seconds, default
 * 150), {@code -Dfuzz.seed} (default 20261124). Reports land in {@code target/fuzz/}.
 *
 * <p>Its own application context (the fuzzer creates users, tenants, documents, ...), closed
 * afterwards.
 */
@TestPropertySource(properties = "gatefork.test.context=spec-fuzzing")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class SpecFuzzingTest extends GatewayTestSupport {
  private static final Path FUZZ_DIR = Path.of("src", "test", "fuzz");
  private static final Path REPORTS = Path.of("target", "fuzz");

  @Test
  void servedOperationsPassTheSpecDrivenFuzzer() throws Exception {
    final String python = System.getProperty("fuzz.python", "python3");
    requireSchemathesis(python);

    final var command =
        List.of(
            python,
            FUZZ_DIR.resolve("run_fuzzer.py").toAbsolutePath().toString(),
            "--base-url",
            baseUrl(),
            "--out",
            REPORTS.toAbsolutePath().toString(),
            "--seed",
            System.getProperty("fuzz.seed", "20261124"),
            "--max-time",
            System.getProperty("fuzz.max-time", "150"));
    Files.createDirectories(REPORTS);
    final Path log = REPORTS.resolve("schemathesis.log");
    // run in target/fuzz: Schemathesis keeps a cache of its findings in its working directory
    final Process fuzzer =
        new ProcessBuilder(command)
            .directory(REPORTS.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    final long budget = Long.parseLong(System.getProperty("fuzz.max-time", "150"));
    final boolean finished = fuzzer.waitFor(budget + 180, TimeUnit.SECONDS);
    if (!finished) {
      fuzzer.destroyForcibly();
    }
    final String output = Files.readString(log);
    System.out.println(summary(output));

    assertThat(finished).as("the fuzzer finished within its budget").isTrue();
    assertThat(fuzzer.exitValue())
        .as(
            "Schemathesis found failures (full log: %s):%n%s",
            log.toAbsolutePath(), failures(output))
        .isZero();
  }

  private static void requireSchemathesis(final String python) throws InterruptedException {
    String reason = null;
    try {
      final Process probe =
          new ProcessBuilder(python, "-c", "import schemathesis")
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      if (!probe.waitFor(60, TimeUnit.SECONDS) || probe.exitValue() != 0) {
        reason = python + " cannot import schemathesis";
      }
    } catch (final IOException e) {
      reason = "no " + python + " (" + e.getMessage() + ")";
    }
    if (reason == null) {
      return;
    }
    if (Boolean.getBoolean("fuzz.required")) {
      throw new IllegalStateException(
          "fuzz.required=true but " + reason + ": the spec-driven fuzzing cannot run");
    }
    System.out.println(
        "[dist] SKIPPING the spec-driven fuzzing: "
            + reason
            + ". Install it"
            + " (pip install schemathesis, see .ci/run) and pass -Dfuzz.python=<python>;"
            + " -Dfuzz.required=true fails the build instead.");
    Assumptions.abort(reason);
  }

  /** Schemathesis' summary: from its SUMMARY banner to the end. */
  private static String summary(final String output) {
    final int start = output.lastIndexOf("SUMMARY");
    return start < 0 ? output : output.substring(Math.max(0, output.lastIndexOf('\n', start)));
  }

  /** The FAILURES and ERRORS sections, where Schemathesis names each finding with a curl line. */
  private static String failures(final String output) {
    final int errors = output.indexOf("= ERRORS =");
    final int failures = output.indexOf("= FAILURES =");
    final int start = errors >= 0 ? errors : failures;
    final int end = output.indexOf("= WARNINGS =");
    if (start < 0) {
      return summary(output);
    }
    return output.substring(start, end > start ? end : output.length());
  }
}
