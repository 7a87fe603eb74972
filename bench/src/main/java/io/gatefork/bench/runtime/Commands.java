package io.gatefork.bench.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs an external command with a time bound; output is captured (or sent to a file). */
public final class Commands {
  private Commands() {}

  public record Result(int exitCode, String output) {
    public boolean ok() {
      return exitCode == 0;
    }
  }

  /** Runs {@code command}; stdout and stderr together. Exit code -1: it did not finish in time. */
  public static Result run(final List<String> command, final Duration timeout) {
    Path log = null;
    try {
      log = Files.createTempFile("gatefork-bench-cmd", ".log");
      final Result result = run(command, timeout, log);
      return new Result(result.exitCode(), Files.readString(log, StandardCharsets.UTF_8));
    } catch (final IOException e) {
      return new Result(-2, e.toString());
    } finally {
      if (log != null) {
        try {
          Files.deleteIfExists(log);
        } catch (final IOException ignored) {
          // a temporary file; the OS cleans up
        }
      }
    }
  }

  /** Runs {@code command} with its output appended to {@code log}. */
  public static Result run(final List<String> command, final Duration timeout, final Path log) {
    try {
      final Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(5, TimeUnit.SECONDS);
        return new Result(-1, "timed out after " + timeout + ": " + String.join(" ", command));
      }
      return new Result(process.exitValue(), "");
    } catch (final IOException e) {
      return new Result(-2, e.toString());
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while running " + command.get(0), e);
    }
  }

  static void ensureParent(final Path file) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
