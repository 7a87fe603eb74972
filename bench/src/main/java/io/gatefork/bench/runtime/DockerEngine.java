package io.gatefork.bench.runtime;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Statistics;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.testcontainers.DockerClientFactory;

/**
 * What the harness asks the Docker engine besides running its containers, through Testcontainers'
 * client (docker-java): whether it answers, its version, an image's age, a container's CPU share.
 */
public final class DockerEngine {
  private static final Duration STATS_TIMEOUT = Duration.ofSeconds(30);

  private DockerEngine() {}

  static DockerClient client() {
    return DockerClientFactory.instance().client();
  }

  /** Whether a Docker engine answers; empty when it does, else why not. */
  public static Optional<String> unavailableReason() {
    try {
      client().pingCmd().exec();
      return Optional.empty();
    } catch (final RuntimeException e) {
      return Optional.of(String.valueOf(e.getMessage()));
    }
  }

  public static String serverVersion() {
    try {
      final var info = client().infoCmd().exec();
      return "%s cgroup v%s (%s)"
          .formatted(info.getServerVersion(), info.getCGroupVersion(), info.getCGroupDriver());
    } catch (final RuntimeException e) {
      return "unknown";
    }
  }

  /** How many containers run: asked before the harness starts any, the other load on the engine. */
  public static int runningContainers() {
    return client().listContainersCmd().exec().size();
  }

  /** When the image was created, if it exists. */
  public static Optional<Instant> imageCreated(final String image) {
    final String created;
    try {
      created = client().inspectImageCmd(image).exec().getCreated();
    } catch (final NotFoundException e) {
      return Optional.empty();
    }
    try {
      return Optional.of(created == null ? Instant.EPOCH : Instant.parse(created));
    } catch (final DateTimeParseException e) {
      return Optional.of(Instant.EPOCH);
    }
  }

  public static boolean imageExists(final String image) {
    return imageCreated(image).isPresent();
  }

  /**
   * The container's CPU use in percent of one core, as {@code docker stats --no-stream} computes it
   * (the engine's two samples about a second apart): the fallback where no cgroup file is readable.
   */
  public static Optional<Double> cpuPercent(final String containerId) {
    final var first = new AtomicReference<Statistics>();
    try (var callback =
        new ResultCallback.Adapter<Statistics>() {
          @Override
          public void onNext(final Statistics stats) {
            first.compareAndSet(null, stats);
          }
        }) {
      client().statsCmd(containerId).withNoStream(true).exec(callback);
      callback.awaitCompletion(STATS_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      final Statistics stats = first.get();
      if (stats == null) {
        return Optional.empty();
      }
      final var now = stats.getCpuStats();
      final var before = stats.getPreCpuStats();
      if (now == null
          || before == null
          || now.getCpuUsage() == null
          || before.getCpuUsage() == null
          || now.getSystemCpuUsage() == null
          || before.getSystemCpuUsage() == null) {
        return Optional.empty();
      }
      final double cpu = now.getCpuUsage().getTotalUsage() - before.getCpuUsage().getTotalUsage();
      final double system = now.getSystemCpuUsage() - before.getSystemCpuUsage();
      final Long online = now.getOnlineCpus();
      if (system <= 0 || online == null) {
        return Optional.empty();
      }
      return Optional.of(cpu / system * online * 100.0);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } catch (final IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
