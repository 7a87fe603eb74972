package io.gatefork.bench.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * Builds the gateway image from the root {@code Dockerfile} (Testcontainers' {@link
 * ImageFromDockerfile}) when it is missing or older than the distribution in {@code
 * dist/target/gatefork} (the image is built from that folder only). Its {@code full} target: the
 * benchmark runs brokers from the image too, and the production target has none (its gateway's
 * classpath and start-up cache are the same).
 */
public final class ImageBuilder {
  public static final String DEFAULT_BASE = "gatefork-base:25";
  public static final String FALLBACK_BASE = "eclipse-temurin:25-jre";
  private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(15);

  private ImageBuilder() {}

  /** The base image: the one asked for, else the local Java 25 base if present, else Temurin. */
  public static String baseImage(final String requested) {
    if (requested != null && !requested.isBlank()) {
      return requested;
    }
    return DockerEngine.imageExists(DEFAULT_BASE) ? DEFAULT_BASE : FALLBACK_BASE;
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
      final Consumer<String> progress) {
    final Path distribution = root.resolve("dist/target/gatefork");
    final Optional<Instant> created = DockerEngine.imageCreated(image);
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
        "building image " + image + " from " + root.resolve("Dockerfile") + " (base " + base + ")");
    // the context is the repository root, cut to the distribution by its .dockerignore; the
    // image stays (deleteOnExit false) for the next run
    try {
      new ImageFromDockerfile(image, false)
          .withDockerfile(root.resolve("Dockerfile"))
          .withBuildArg("BASE_IMAGE", base)
          .withTarget("full")
          .withBuildImageCmdModifier(cmd -> cmd.withNetworkMode("host"))
          .get(BUILD_TIMEOUT.toMinutes(), TimeUnit.MINUTES);
    } catch (final TimeoutException e) {
      throw new IllegalStateException("building image " + image + " took over " + BUILD_TIMEOUT, e);
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
