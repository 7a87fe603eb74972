package io.gatefork.qa.support;

import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.utility.DockerImageName;

/**
 * The image under test, built once per test run from the repository's Dockerfile, exactly as users
 * build it: the context is the repository root (the .dockerignore keeps it to the distribution),
 * {@code BASE_IMAGE} from {@code -Dqa.base.image}. The distribution must have been packaged (the
 * reactor builds dist before qa); this never runs Maven itself.
 */
public final class GateforkImage {
  public static final String TAG = "gatefork:qa";
  private static final Logger LOG = LoggerFactory.getLogger(GateforkImage.class);
  private static volatile DockerImageName image;

  private GateforkImage() {}

  public static DockerImageName get() {
    DockerImageName built = image;
    if (built == null) {
      synchronized (GateforkImage.class) {
        built = image;
        if (built == null) {
          built = build();
          image = built;
        }
      }
    }
    return built;
  }

  private static DockerImageName build() {
    final Path root = QaSettings.repoRoot();
    final Path lib = root.resolve("dist/target/gatefork/lib");
    if (!Files.isDirectory(lib)) {
      throw new IllegalStateException(
          lib
              + " is missing: package the distribution first "
              + "(mvn -B install -DskipTests, or run the whole reactor: mvn -B verify)");
    }
    final long start = System.nanoTime();
    LOG.info("building {} from {}/Dockerfile on {}", TAG, root, QaSettings.baseImage());
    // deleteOnExit false: the image stays for the next run, which reuses its layers
    new ImageFromDockerfile(TAG, false)
        .withDockerfile(root.resolve("Dockerfile"))
        .withBuildArg("BASE_IMAGE", QaSettings.baseImage())
        .get();
    LOG.info("built {} in {} ms", TAG, (System.nanoTime() - start) / 1_000_000);
    return DockerImageName.parse(TAG);
  }
}
