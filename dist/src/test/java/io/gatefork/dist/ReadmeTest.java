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
    final String testCommand =
        lines.stream()
            .map(String::strip)
            .filter(line -> line.startsWith("mvn "))
            .findFirst()
            .orElseThrow(() -> new AssertionError("README.md shows no mvn command"));
    assertThat(ciRunsMavenAs())
        .as("the test command .ci/run calls, with CI's own properties after it")
        .startsWith(testCommand + " ");
  }

  /** {@code .ci/run}'s Maven command line, its continuation lines joined. */
  private static String ciRunsMavenAs() throws IOException {
    final String script = Files.readString(README.resolveSibling(".ci").resolve("run"));
    final String joined = script.replace("\\\n", " ");
    return joined
        .lines()
        .map(String::strip)
        .filter(line -> line.startsWith("mvn "))
        .findFirst()
        .orElseThrow(() -> new AssertionError(".ci/run runs no mvn command"))
        .replaceAll("\\s+", " ");
  }
}
