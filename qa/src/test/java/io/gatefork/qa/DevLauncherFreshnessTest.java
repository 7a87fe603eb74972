package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.qa.support.QaSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code ./gatefork-dev} right after {@code mvn -B verify} starts without a build (issue #33): the
 * reactor has packaged the distribution before this module's tests, and nothing the distribution is
 * built from (sources under src/main, the poms) is newer than its stamp. Run outside a full build
 * after editing a source, this fails, as it should: the launcher would rebuild.
 */
class DevLauncherFreshnessTest {

  @Test
  void theDevLauncherWouldStartWithoutABuild() throws Exception {
    final Path root = QaSettings.repoRoot();
    final ProcessBuilder launcher =
        new ProcessBuilder("bash", root.resolve("gatefork-dev").toString())
            .directory(root.toFile())
            .redirectErrorStream(true);
    launcher.environment().put("GATEFORK_DEV_FRESHNESS", "1");
    final Process process = launcher.start();
    final boolean finished = process.waitFor(60, TimeUnit.SECONDS);
    if (!finished) {
      process.destroyForcibly();
    }
    final String output =
        new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    assertThat(finished).as("gatefork-dev answered within 60 s").isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output.lines().reduce((first, last) -> last).orElse(""))
        .as("what gatefork-dev would do (fresh = start, stale = build first): %s", output)
        .isEqualTo("fresh");
  }
}
