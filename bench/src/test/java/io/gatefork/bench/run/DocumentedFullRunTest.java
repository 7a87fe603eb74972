package io.gatefork.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.bench.config.BenchOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README's one command for the workload figures: it must parse, cover every phase the issue
 * asks for, and take the time the README says (about 2.5 h).
 */
class DocumentedFullRunTest {
  @Test
  void theReadmesFullRunParsesAndPlansEveryPhaseInAboutTwoAndAHalfHours() throws IOException {
    final var plan = RunPlan.of(BenchOptions.parse(readmeCommand()));
    assertThat(plan.stream().map(CellPlan::phase).distinct())
        .containsExactly("main", "ramp", "saturation", "sweep", "overload");
    // main: 6 modes x (rest, grpc, grpc-stream) + patched over rest-default-pool, and the
    // 10-task process for stock and patched over 3 setups, 3 rounds; ramp 6 rates x 2 modes;
    // saturation 2 modes, sweep 6, overload 2 x 2 protocols, 3 rounds each
    assertThat(plan.stream().filter(c -> c.phase().equals("main"))).hasSize((19 + 6) * 3);
    assertThat(plan).hasSize(75 + 12 + 6 + 18 + 12);
    assertThat(plan.stream().filter(c -> !c.phase().equals("ramp")).mapToInt(CellPlan::round)
        .max().orElse(0)).isEqualTo(3);
    assertThat(RunPlan.estimate(plan)).isBetween(Duration.ofMinutes(140), Duration.ofMinutes(160));
  }

  /** The indented {@code scripts/bench.sh --modes ...} block under "The full run". */
  static String[] readmeCommand() throws IOException {
    final Path root = Path.of(System.getProperty("gatefork.root", "..")).toAbsolutePath();
    final List<String> lines = Files.readAllLines(root.resolve("README.md"));
    final int start = lines.indexOf(lines.stream()
        .filter(l -> l.startsWith("**The full run**")).findFirst().orElseThrow());
    final StringBuilder command = new StringBuilder();
    boolean in = false;
    for (final String line : lines.subList(start, lines.size())) {
      if (line.startsWith("    scripts/bench.sh")) {
        in = true;
      }
      if (in) {
        command.append(line.replace("\\", " ")).append(' ');
        if (!line.endsWith("\\")) {
          break;
        }
      }
    }
    final List<String> args = new ArrayList<>(Arrays.asList(command.toString().trim()
        .split("\\s+")));
    assertThat(args.remove(0)).isEqualTo("scripts/bench.sh");
    return args.toArray(String[]::new);
  }
}
