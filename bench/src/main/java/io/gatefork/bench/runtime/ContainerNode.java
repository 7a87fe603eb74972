package io.gatefork.bench.runtime;

import io.gatefork.bench.config.Placement;
import io.gatefork.bench.cpu.CgroupLocator;
import io.gatefork.bench.cpu.CpuSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * A container of the harness's image on the host network (a Testcontainers {@link
 * GenericContainer}), optionally pinned to CPUs and limited to a CPU quota. Readiness is the
 * harness's own business (it reads the node's output and its endpoints), so start returns once the
 * container runs.
 */
public final class ContainerNode implements Node {
  /** The CFS period a quota is a share of, as {@code docker run --cpus} uses. */
  private static final long CFS_PERIOD_US = 100_000;

  private static final int STOP_GRACE_SECONDS = 10;

  private final String name;
  private final GenericContainer<?> container;
  private volatile boolean closed;
  private Optional<CpuSource> cpu;

  private ContainerNode(final String name, final GenericContainer<?> container) {
    this.name = name;
    this.container = container;
  }

  /**
   * @param cpus CPU quota in cores, 0 for none
   * @param cpuset the CPUs it may run on, empty for any
   * @param command the image's command and arguments, empty for its default
   */
  public static ContainerNode start(
      final String name,
      final String image,
      final double cpus,
      final List<Integer> cpuset,
      final Map<String, String> env,
      final List<String> command) {
    final GenericContainer<?> container =
        new GenericContainer<>(DockerImageName.parse(image))
            .withNetworkMode("host")
            .withEnv(env)
            .withCreateContainerCmdModifier(
                cmd -> {
                  cmd.withName(name);
                  final var host = cmd.getHostConfig();
                  if (cpus > 0) {
                    host.withCpuPeriod(CFS_PERIOD_US).withCpuQuota(quota(cpus));
                  }
                  if (!cpuset.isEmpty()) {
                    host.withCpusetCpus(Placement.format(cpuset));
                  }
                });
    if (!command.isEmpty()) {
      container.withCommand(command.toArray(String[]::new));
    }
    container.start();
    return new ContainerNode(name, container);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean alive() {
    return !closed && container.isRunning();
  }

  @Override
  public String output() {
    return container.getLogs();
  }

  @Override
  public void saveOutput(final Path file) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Files.writeString(file, container.getLogs());
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Changes the running container's quota, as {@code docker update --cpus} does. */
  @Override
  public void cpuQuota(final double cpus) {
    DockerEngine.client()
        .updateContainerCmd(container.getContainerId())
        .withCpuPeriod((int) CFS_PERIOD_US)
        .withCpuQuota((int) quota(cpus))
        .exec();
  }

  @Override
  public long pid() {
    try {
      final Long pid =
          DockerEngine.client()
              .inspectContainerCmd(container.getContainerId())
              .exec()
              .getState()
              .getPidLong();
      return pid == null ? -1 : pid;
    } catch (final RuntimeException e) {
      return -1;
    }
  }

  @Override
  public synchronized Optional<CpuSource> cpu() {
    if (cpu == null) {
      cpu = CgroupLocator.system().locate(container.getContainerId(), pid());
    }
    return cpu;
  }

  @Override
  public Optional<Double> cpuCoresNow() {
    return DockerEngine.cpuPercent(container.getContainerId()).map(pct -> pct / 100.0);
  }

  /** SIGTERM with a grace period (the node flushes and leaves its cluster), then removal. */
  @Override
  public void close() {
    if (!closed) {
      closed = true;
      try {
        DockerEngine.client()
            .stopContainerCmd(container.getContainerId())
            .withTimeout(STOP_GRACE_SECONDS)
            .exec();
      } catch (final RuntimeException e) {
        // already stopped or gone: the removal below still applies
      }
      container.stop();
    }
  }

  private static long quota(final double cpus) {
    return Math.round(cpus * CFS_PERIOD_US);
  }
}
