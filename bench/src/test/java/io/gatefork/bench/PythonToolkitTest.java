package io.gatefork.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The Python toolkit's own tests (bench/cost/test_*.py, stdlib unittest, nothing started): every
 * command the docs and the committed results cite still parses, every committed results.json.gz
 * still renders its report. Run here so that the build, not only a hand, runs them.
 */
class PythonToolkitTest {

  @Test
  void everyCitedCommandParsesAndEveryCommittedReportRenders() throws Exception {
    final Path cost = Path.of(System.getProperty("basedir", ".")).resolve("cost").normalize();
    final Path log = Files.createTempFile("python-toolkit-", ".log");
    final Process python =
        new ProcessBuilder(
                "python3", "-B", "-m", "unittest", "discover", "-s", ".", "-p", "test_*.py")
            .directory(cost.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    final boolean finished = python.waitFor(5, TimeUnit.MINUTES);
    if (!finished) {
      python.destroyForcibly();
    }
    assertThat(finished).as("python3 unittest finished within 5 minutes").isTrue();
    assertThat(python.exitValue()).as(read(log)).isZero();
  }

  private static String read(final Path log) throws IOException {
    return Files.readString(log, StandardCharsets.UTF_8);
  }
}
