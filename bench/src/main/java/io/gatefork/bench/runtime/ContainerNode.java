package io.gatefork.bench.runtime;

import io.gatefork.bench.cpu.CgroupLocator;
import io.gatefork.bench.cpu.CpuSource;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A container started with {@code docker run -d --network host}. */
public final class ContainerNode implements Node {
  private final String name;
  private final String id;
  private volatile boolean closed;
  private Optional<CpuSource> cpu;

  private ContainerNode(final String name, final String id) {
    this.name = name;
    this.id = id;
  }

  /**
   * @param dockerArgs options before the image (e.g. {@code --cpus 2 -e K=V})
   * @param commandArgs the image's command and arguments, possibly empty
   */
  public static ContainerNode start(
      final String name,
      final List<String> dockerArgs,
      final String image,
      final List<String> commandArgs) {
    final List<String> args = new ArrayList<>(List.of("--name", name, "--network", "host"));
    args.addAll(dockerArgs);
    args.add(image);
    args.addAll(commandArgs);
    return new ContainerNode(name, Docker.runDetached(args));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean alive() {
    return !closed && Docker.running(name);
  }

  @Override
  public String output() {
    return Docker.logs(name);
  }

  @Override
  public void saveOutput(final Path file) {
    Docker.saveLogs(name, file);
  }

  @Override
  public void cpuQuota(final double cpus) {
    Docker.updateCpus(name, cpus);
  }

  @Override
  public long pid() {
    return Docker.mainPid(name);
  }

  @Override
  public synchronized Optional<CpuSource> cpu() {
    if (cpu == null) {
      cpu = CgroupLocator.system().locate(id, Docker.mainPid(name));
    }
    return cpu;
  }

  @Override
  public Optional<Double> cpuCoresNow() {
    return Docker.cpuPercent(name).map(pct -> pct / 100.0);
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      Docker.remove(name, Duration.ofSeconds(10));
    }
  }
}
