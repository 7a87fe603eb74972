package io.gatefork.bench.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Builds the gateway image from the root {@code Dockerfile} when it is missing or older than the
 * distribution in {@code dist/target/gatefork} (the image is built from that folder only).
 */
public final class ImageBuilder {
  public static final String DEFAULT_BASE = "gatefork-base:21";
  public static final String FALLBACK_BASE = "eclipse-temurin:21-jre";
  private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(15);

  private ImageBuilder() {}

  /** The base image: the one asked for, else the local Java 21 base if present, else Temurin. */
  public static String baseImage(final String requested) {
    if (requested != null && !requested.isBlank()) {
      return requested;
    }
    return Docker.imageExists(DEFAULT_BASE) ? DEFAULT_BASE : FALLBACK_BASE;
  }

  /**
   * Makes sure {@code image} is at least as new as the distribution.
   *
   * @return what was done, for the log
   */
  public static String ensure(
      final Path root,
      final String image,
      final String requestedBase,
      final Path buildLog,
      final Consumer<String> progress) {
    final Path distribution = root.resolve("dist/target/gatefork");
    final Optional<Instant> created = Docker.imageCreated(image);
    final Optional<Instant> built = newestFile(distribution);
    if (built.isEmpty()) {
      if (created.isPresent()) {
        return "image " + image + " (no dist/target/gatefork to compare with)";
      }
      throw new IllegalStateException(
          "no image "
              + image
              + " and no distribution to build it from:"
              + " run mvn -B -q -pl dist -am package -DskipTests first (expected "
              + distribution
              + ")");
    }
    if (created.isPresent() && !created.get().isBefore(built.get())) {
      return "image " + image + " is up to date (created " + created.get() + ")";
    }
    final String base = baseImage(requestedBase);
    progress.accept(
        "building image "
            + image
            + " from "
            + root.resolve("Dockerfile")
            + " (base "
            + base
            + "), log: "
            + buildLog);
    Commands.ensureParent(buildLog);
    final var result =
        Commands.run(
            List.of(
                "docker",
                "build",
                "--network",
                "host",
                "--build-arg",
                "BASE_IMAGE=" + base,
                "-t",
                image,
                root.toString()),
            BUILD_TIMEOUT,
            buildLog);
    if (!result.ok()) {
      throw new IllegalStateException(
          "docker build failed (exit "
              + result.exitCode()
              + "), see "
              + buildLog
              + (result.output().isEmpty() ? "" : ": " + result.output()));
    }
    return "built image " + image + " from base " + base;
  }

  static Optional<Instant> newestFile(final Path dir) {
    if (!Files.isDirectory(dir)) {
      return Optional.empty();
    }
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile).map(ImageBuilder::modified).max(Instant::compareTo);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Instant modified(final Path file) {
    try {
      return Files.getLastModifiedTime(file).toInstant();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
