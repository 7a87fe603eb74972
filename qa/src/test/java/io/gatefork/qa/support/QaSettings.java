package io.gatefork.qa.support;

import java.nio.file.Files;
import java.nio.file.Path;

/** What the build passes to the suite (see qa/pom.xml); defaults suit a run from the IDE. */
public final class QaSettings {
  public static final String DEFAULT_BASE_IMAGE = "eclipse-temurin:25-jre";

  private QaSettings() {}

  /** The repository root: the Docker build context and where the Dockerfile lives. */
  public static Path repoRoot() {
    final String configured = System.getProperty("qa.repo.root");
    final Path root =
        configured != null && !configured.isBlank()
            ? Path.of(configured)
            // the IDE runs tests in the module directory
            : Path.of("").toAbsolutePath().getParent();
    final Path normalized = root.toAbsolutePath().normalize();
    if (!Files.isRegularFile(normalized.resolve("Dockerfile"))) {
      throw new IllegalStateException("no Dockerfile in " + normalized + " (set -Dqa.repo.root)");
    }
    return normalized;
  }

  /** The image the gatefork image is built on ({@code BASE_IMAGE}): any Java 21+ runtime. */
  public static String baseImage() {
    final String configured = System.getProperty("qa.base.image");
    return configured == null || configured.isBlank() ? DEFAULT_BASE_IMAGE : configured;
  }

  /** CI sets this: a missing Docker engine fails the suite instead of skipping it. */
  public static boolean dockerRequired() {
    return Boolean.parseBoolean(System.getProperty("qa.docker.required", "false"));
  }
}
