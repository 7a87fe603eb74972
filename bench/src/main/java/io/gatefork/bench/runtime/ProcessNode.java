package io.gatefork.bench.runtime;

import io.gatefork.bench.cpu.CpuSource;
import io.gatefork.bench.cpu.ProcessCpuSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** A local process (the development fallback: no container, no CPU limit). */
public final class ProcessNode implements Node {
  private final String name;
  private final Process process;
  private final Path log;

  private ProcessNode(final String name, final Process process, final Path log) {
    this.name = name;
    this.process = process;
    this.log = log;
  }

  public static ProcessNode start(
      final String name,
      final List<String> command,
      final Map<String, String> env,
      final Path log) {
    Commands.ensureParent(log);
    try {
      final var builder =
          new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
      builder.environment().putAll(env);
      return new ProcessNode(name, builder.start(), log);
    } catch (final IOException e) {
      throw new UncheckedIOException("could not start " + command.get(0), e);
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean alive() {
    return process.isAlive();
  }

  @Override
  public String output() {
    try {
      return Files.readString(log);
    } catch (final IOException e) {
      return "";
    }
  }

  @Override
  public void saveOutput(final Path file) {
    try {
      Commands.ensureParent(file);
      if (!file.equals(log)) {
        Files.copy(log, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void cpuQuota(final double cpus) {
    // a local process runs without a quota (development only)
  }

  @Override
  public long pid() {
    return process.pid();
  }

  @Override
  public Optional<CpuSource> cpu() {
    return Optional.of(new ProcessCpuSource(process.toHandle()));
  }

  @Override
  public Optional<Double> cpuCoresNow() {
    return Optional.empty();
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroy();
      try {
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          process.waitFor(5, TimeUnit.SECONDS);
        }
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        process.destroyForcibly();
      }
    }
  }
}
