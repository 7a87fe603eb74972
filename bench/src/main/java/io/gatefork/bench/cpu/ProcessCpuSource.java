package io.gatefork.bench.cpu;

import java.time.Duration;

/** CPU time of a plain process (a node run without a container): usage only, no quota. */
public record ProcessCpuSource(ProcessHandle process) implements CpuSource {
  @Override
  public CpuSample sample() {
    final long used = process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    return new CpuSample(used, 0, 0, 0, System.nanoTime());
  }

  @Override
  public String describe() {
    return "process " + process.pid() + " (no CPU limit)";
  }

  @Override
  public boolean hasThrottling() {
    return false;
  }
}
