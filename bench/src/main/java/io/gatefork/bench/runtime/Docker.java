package io.gatefork.bench.runtime;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The {@code docker} CLI, every call bounded in time. */
public final class Docker {
  private static final Duration SHORT = Duration.ofSeconds(30);

  private Docker() {}

  /** Whether a Docker daemon answers; empty when it does, else why not. */
  public static Optional<String> unavailableReason() {
    final var result =
        Commands.run(
            List.of("docker", "info", "--format", "{{.ServerVersion}}"), Duration.ofSeconds(20));
    if (result.ok()) {
      return Optional.empty();
    }
    final String output = result.output().strip();
    return Optional.of(
        output.isEmpty()
            ? "docker info failed (exit " + result.exitCode() + ")"
            : output.lines().reduce((a, b) -> b).orElse(output));
  }

  public static String serverVersion() {
    final var result =
        Commands.run(
            List.of(
                "docker",
                "info",
                "--format",
                "{{.ServerVersion}} cgroup v{{.CgroupVersion}} ({{.CgroupDriver}})"),
            SHORT);
    return result.ok() ? result.output().strip() : "unknown";
  }

  /** When the image was created, if it exists. */
  public static Optional<Instant> imageCreated(final String image) {
    final var result =
        Commands.run(
            List.of("docker", "image", "inspect", "--format", "{{.Created}}", image), SHORT);
    if (!result.ok()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.parse(result.output().strip()));
    } catch (final RuntimeException e) {
      return Optional.of(Instant.EPOCH);
    }
  }

  public static boolean imageExists(final String image) {
    return imageCreated(image).isPresent();
  }

  /** {@code docker run -d}; returns the container id. */
  public static String runDetached(final List<String> runArgs) {
    final List<String> command = new ArrayList<>(List.of("docker", "run", "-d"));
    command.addAll(runArgs);
    final var result = Commands.run(command, Duration.ofSeconds(60));
    if (!result.ok()) {
      throw new IllegalStateException("docker run failed: " + result.output().strip());
    }
    final String[] lines = result.output().strip().split("\n");
    return lines[lines.length - 1].strip();
  }

  public static long mainPid(final String container) {
    final var result =
        Commands.run(List.of("docker", "inspect", "--format", "{{.State.Pid}}", container), SHORT);
    try {
      return result.ok() ? Long.parseLong(result.output().strip()) : -1;
    } catch (final NumberFormatException e) {
      return -1;
    }
  }

  public static boolean running(final String container) {
    final var result =
        Commands.run(
            List.of("docker", "inspect", "--format", "{{.State.Running}}", container), SHORT);
    return result.ok() && result.output().strip().equals("true");
  }

  public static String logs(final String container) {
    return Commands.run(List.of("docker", "logs", container), SHORT).output();
  }

  public static void saveLogs(final String container, final Path file) {
    Commands.ensureParent(file);
    Commands.run(List.of("docker", "logs", container), SHORT, file);
  }

  /** Stops (SIGTERM, then SIGKILL after {@code grace}) and removes one container of ours. */
  public static void remove(final String container, final Duration grace) {
    Commands.run(
        List.of("docker", "stop", "-t", Long.toString(grace.toSeconds()), container),
        grace.plusSeconds(30));
    Commands.run(List.of("docker", "rm", "-f", container), SHORT);
  }

  /** Changes a running container's CPU quota ({@code docker update --cpus}). */
  public static void updateCpus(final String container, final double cpus) {
    final var result =
        Commands.run(
            List.of(
                "docker",
                "update",
                "--cpus",
                String.format(java.util.Locale.ROOT, "%.2f", cpus),
                container),
            SHORT);
    if (!result.ok()) {
      throw new IllegalStateException("docker update --cpus failed: " + result.output());
    }
  }

  /**
   * {@code docker stats --no-stream} CPU percent: the fallback where no cgroup file is readable.
   */
  public static Optional<Double> cpuPercent(final String container) {
    final var result =
        Commands.run(
            List.of("docker", "stats", "--no-stream", "--format", "{{.CPUPerc}}", container),
            SHORT);
    if (!result.ok()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Double.parseDouble(result.output().strip().replace("%", "")));
    } catch (final NumberFormatException e) {
      return Optional.empty();
    }
  }
}
