package io.gatefork.bench.runtime;

import io.gatefork.bench.config.Placement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Pins this JVM (the load generator) to the broker's CPUs, every thread it has now ({@code -a});
 * threads started later inherit the mask of the thread that starts them.
 */
public final class Affinity {
  private Affinity() {}

  /** Empty when pinned; otherwise why not. */
  public static Optional<String> pinThisProcess(final List<Integer> cpus) {
    if (cpus.isEmpty()) {
      return Optional.of("no CPUs given");
    }
    final var result =
        Commands.run(
            List.of(
                "taskset",
                "-a",
                "-p",
                "-c",
                Placement.format(cpus),
                Long.toString(ProcessHandle.current().pid())),
            Duration.ofSeconds(10));
    return result.ok()
        ? Optional.empty()
        : Optional.of(
            "taskset failed (exit " + result.exitCode() + "): " + result.output().strip());
  }
}
