package io.gatefork.bench.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompilerThreadsTest {
  @TempDir Path proc;

  @Test
  void sumsTheCompilerThreadsUserAndSystemTicksOnly() throws Exception {
    thread(7, 10, "C2 CompilerThre", 300, 20);
    thread(7, 11, "C1 CompilerThre", 40, 2);
    thread(7, 12, "http-nio-127.0.", 5_000, 900);

    assertThat(CompilerThreads.cpuNanos(proc, 7)).isEqualTo((300 + 20 + 40 + 2) * 10_000_000L);
  }

  @Test
  void readsTheTicksAfterANameWithSpacesAndParentheses() {
    final String stat = "10 (C2 (x) Thre) S 1 1 1 0 -1 4194304 121 0 0 0 17 4 0 0 20 0 1 0 25";
    assertThat(CompilerThreads.ticks(stat)).isEqualTo(21);
  }

  @Test
  void isUnknownForAProcessThatCannotBeRead() {
    assertThat(CompilerThreads.cpuNanos(proc, 99)).isEqualTo(-1);
    assertThat(CompilerThreads.cpuNanos(proc, -1)).isEqualTo(-1);
  }

  private void thread(
      final long pid, final long tid, final String name, final long utime, final long stime)
      throws Exception {
    final Path task = Files.createDirectories(proc.resolve(pid + "/task/" + tid));
    Files.writeString(task.resolve("comm"), name + "\n");
    Files.writeString(
        task.resolve("stat"),
        tid
            + " ("
            + name
            + ") S 1 1 1 0 -1 4194304 121 0 0 0 "
            + utime
            + " "
            + stime
            + " 0 0 20 0 1 0 25\n");
  }
}
