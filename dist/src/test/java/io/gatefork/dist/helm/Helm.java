package io.gatefork.dist.helm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The {@code helm} command line: {@code -Dhelm.binary}, else {@code helm} on the PATH. Charts are
 * rendered and linted locally; nothing here talks to a cluster or a chart repository.
 */
public final class Helm {
  private final Path binary;

  private Helm(final Path binary) {
    this.binary = binary;
  }

  public static Optional<Helm> find() {
    final String configured = System.getProperty("helm.binary", "");
    if (!configured.isBlank()) {
      final Path path = Path.of(configured);
      return Files.isExecutable(path) ? Optional.of(new Helm(path)) : Optional.empty();
    }
    final String pathVariable = System.getenv().getOrDefault("PATH", "");
    return Stream.of(pathVariable.split(File.pathSeparator))
        .filter(dir -> !dir.isBlank())
        .map(dir -> Path.of(dir, "helm"))
        .filter(Files::isExecutable)
        .findFirst()
        .map(Helm::new);
  }

  public Path binary() {
    return binary;
  }

  /** Runs helm with these arguments; fails with helm's output unless it exits 0. */
  public String run(final String... arguments) {
    final List<String> command = new ArrayList<>();
    command.add(binary.toString());
    command.addAll(List.of(arguments));
    try {
      final Path output = Files.createTempFile("helm-", ".out");
      try {
        // no chart repositories, no cluster: keep helm away from the user's own configuration
        final Path home = Files.createDirectories(Path.of("target", "helm-home")).toAbsolutePath();
        final var builder =
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("HELM_CONFIG_HOME", home.resolve("config").toString());
        builder.environment().put("HELM_CACHE_HOME", home.resolve("cache").toString());
        builder.environment().put("HELM_DATA_HOME", home.resolve("data").toString());
        builder.environment().put("KUBECONFIG", home.resolve("no-kubeconfig").toString());
        final Process process = builder.start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
          process.destroyForcibly();
          throw new AssertionError(String.join(" ", command) + " did not finish in 2 minutes");
        }
        final String text = Files.readString(output, StandardCharsets.UTF_8);
        if (process.exitValue() != 0) {
          throw new AssertionError(
              String.join(" ", command) + " exited with " + process.exitValue() + ":\n" + text);
        }
        return text;
      } finally {
        Files.deleteIfExists(output);
      }
    } catch (final IOException e) {
      throw new AssertionError("could not run " + command, e);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while running " + command, e);
    }
  }
}
