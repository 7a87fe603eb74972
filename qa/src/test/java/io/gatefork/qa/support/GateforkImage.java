package io.gatefork.qa.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.utility.DockerImageName;

/**
 * The images under test, each built once per test run from the repository's Dockerfile, exactly as
 * users build them: the context is the repository root (the .dockerignore keeps it to the
 * distribution), {@code BASE_IMAGE} from {@code -Dqa.base.image}. {@link #get()} is the production
 * image (the default target, {@code gateway}); {@link #full()} the {@code full} target, with the
 * embedded broker the QA clusters run. The two share the base layers. The distribution must have
 * been packaged (the reactor builds dist before qa); this never runs Maven itself.
 */
public final class GateforkImage {
  public static final String TAG = "gatefork:qa";
  public static final String FULL_TAG = "gatefork-full:qa";
  private static final Logger LOG = LoggerFactory.getLogger(GateforkImage.class);
  private static final ConcurrentMap<String, DockerImageName> BUILT = new ConcurrentHashMap<>();

  private GateforkImage() {}

  /** The production image: the gateway only. */
  public static DockerImageName get() {
    return BUILT.computeIfAbsent(TAG, tag -> build(tag, "gateway"));
  }

  /** The whole distribution, the embedded broker included ({@code broker ...}). */
  public static DockerImageName full() {
    return BUILT.computeIfAbsent(FULL_TAG, tag -> build(tag, "full"));
  }

  private static DockerImageName build(final String tag, final String target) {
    final Path root = QaSettings.repoRoot();
    final Path lib = root.resolve("dist/target/gatefork/lib");
    if (!Files.isDirectory(lib)) {
      throw new IllegalStateException(
          lib
              + " is missing: package the distribution first "
              + "(mvn -B install -DskipTests, or run the whole reactor: mvn -B verify)");
    }
    final long start = System.nanoTime();
    LOG.info(
        "building {} (target {}) from {}/Dockerfile on {}",
        tag,
        target,
        root,
        QaSettings.baseImage());
    // deleteOnExit false: the image stays for the next run, which reuses its layers
    new ImageFromDockerfile(tag, false)
        .withDockerfile(root.resolve("Dockerfile"))
        .withTarget(target)
        .withBuildArg("BASE_IMAGE", QaSettings.baseImage())
        .get();
    LOG.info("built {} in {} ms", tag, (System.nanoTime() - start) / 1_000_000);
    return DockerImageName.parse(tag);
  }
}
