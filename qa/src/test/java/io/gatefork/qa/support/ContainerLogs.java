package io.gatefork.qa.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.testcontainers.containers.output.OutputFrame;

/**
 * Writes a container's output to {@code target/container-logs/<name>.log} (what to read when a QA
 * test fails) and keeps it in memory for assertions on log lines.
 */
public final class ContainerLogs implements Consumer<OutputFrame> {
  private static final Path DIR = Path.of("target", "container-logs");

  private final Writer file;
  private final StringBuilder text = new StringBuilder();

  public ContainerLogs(final String name) {
    try {
      Files.createDirectories(DIR);
      file = Files.newBufferedWriter(DIR.resolve(name + ".log"), StandardCharsets.UTF_8);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public synchronized void accept(final OutputFrame frame) {
    final String line = frame.getUtf8String();
    text.append(line);
    try {
      file.write(line);
      file.flush();
    } catch (final IOException e) {
      // the log file is a diagnostic aid; a full disk must not fail the test on its own
    }
  }

  public synchronized String text() {
    return text.toString();
  }
}
