package io.gatefork.bench.runtime;

import io.gatefork.bench.cpu.CpuSource;
import java.nio.file.Path;
import java.util.Optional;

/** A gateway or broker the harness started: a container or a local process. */
public interface Node extends AutoCloseable {
  String name();

  boolean alive();

  /** Its output so far (for readiness lines and failure reports). */
  String output();

  void saveOutput(Path file);

  /** Where its CPU counters are, if they can be read. */
  Optional<CpuSource> cpu();

  /** Its main process id on this host (a container's init process), -1 when unknown. */
  long pid();

  /** Changes its CPU quota while it runs; a local process has none, and nothing happens. */
  void cpuQuota(double cpus);

  /** Fallback CPU reading in cores (e.g. {@code docker stats}), when {@link #cpu()} is empty. */
  Optional<Double> cpuCoresNow();

  /** Stops and removes it; idempotent. */
  @Override
  void close();
}
