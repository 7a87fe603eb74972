package io.gatefork.bench.cpu;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time of a JVM's JIT compiler threads ({@code C1 CompilerThread0}, {@code C2 CompilerThread0},
 * ...), from {@code /proc/<pid>/task/<tid>/stat}. A fresh gateway on one core spends a large part
 * of its first minutes compiling (C2 alone took 11 % of the core 100 s after start at 50
 * instances/s); a cell window that counted it would compare warm-up, not steady-state cost. Threads
 * that exited took their time with them, so the figure can only be too low (the headline too high),
 * never the other way.
 */
public final class CompilerThreads {
  /** The kernel's USER_HZ: the unit of utime and stime in a task's stat (100 on Linux). */
  private static final long NANOS_PER_TICK = 10_000_000L;

  private CompilerThreads() {}

  /** Their CPU time so far in ns; -1 when the process cannot be read. */
  public static long cpuNanos(final long pid) {
    return cpuNanos(Path.of("/proc"), pid);
  }

  static long cpuNanos(final Path procRoot, final long pid) {
    if (pid <= 0) {
      return -1;
    }
    final Path tasks = procRoot.resolve(pid + "/task");
    try (Stream<Path> threads = Files.list(tasks)) {
      return threads.mapToLong(CompilerThreads::compilerTicks).sum() * NANOS_PER_TICK;
    } catch (final IOException | RuntimeException e) {
      return -1;
    }
  }

  private static long compilerTicks(final Path task) {
    try {
      final String name = Files.readString(task.resolve("comm")).strip();
      if (!name.startsWith("C1 CompilerThre") && !name.startsWith("C2 CompilerThre")) {
        return 0;
      }
      return ticks(Files.readString(task.resolve("stat")));
    } catch (final IOException e) {
      return 0; // the thread exited between listing and reading
    }
  }

  /** utime + stime: fields 14 and 15, counted after the parenthesised name (which has spaces). */
  static long ticks(final String stat) {
    final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
  }
}
