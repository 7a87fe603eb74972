package io.gatefork.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README is what a newcomer reads in five minutes (issue #33): what gatefork does, the two
 * commands from a fresh clone, and links; measured figures live in docs/.
 */
class ReadmeTest {
  static final int MAX_LINES = 150;
  private static final Path README =
      Path.of(System.getProperty("basedir", ".")).resolve("../README.md").normalize();

  @Test
  void isShortAndShowsTheTwoCommands() throws IOException {
    final List<String> lines = Files.readAllLines(README);

    assertThat(lines).as("README.md's lines").hasSizeLessThanOrEqualTo(MAX_LINES);
    assertThat(lines)
        .as("the command that starts the gateway with an embedded broker")
        .anyMatch(line -> line.strip().startsWith("./gatefork-dev"));
    assertThat(lines)
        .as("the test command .ci/run calls")
        .anyMatch(line -> line.strip().startsWith("mvn -B verify"));
  }
}
