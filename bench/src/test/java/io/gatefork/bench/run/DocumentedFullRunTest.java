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
 * The commands docs/performance.md gives for the workload figures: each must parse, plan what its
 * issue asks for, and be the command of the committed run the figures come from ({@code
 * bench/LATEST-RUN.md} for "The full run", {@code bench/REST-ACTIVATION-RUN.md} and {@code
 * bench/REST-ACTIVATION-RUN-10MS.md} for the REST activation runs). The overload-at-2× run has no
 * committed run yet: its command must parse and plan what issue #22 asks for.
 */
class DocumentedFullRunTest {
  @Test
  void theReadmesFullRunParsesAndPlansEveryPhaseInAboutAnHourAndAQuarter() throws IOException {
    final var plan = RunPlan.of(BenchOptions.parse(readmeCommand(FULL_RUN)));
    assertThat(plan.stream().map(CellPlan::phase).distinct())
        .containsExactly("main", "ramp", "saturation", "sweep", "overload");
    // main: stock and patched over rest, grpc and grpc-stream, patched over rest-default-pool,
    // 3 rounds; ramp 5 rates of stock; saturation 2 modes, sweep 4 (its x8 / queue-64 point is
    // patched's saturation cell, at the same rate), overload 2 x 2 protocols, 3 rounds each
    assertThat(plan.stream().filter(c -> c.phase().equals("main"))).hasSize((2 * 3 + 1) * 3);
    assertThat(plan).hasSize(21 + 5 + 6 + 12 + 12);
    // the amplification the fail-fast switch removes needs partitions to hop to
    assertThat(plan.stream().filter(c -> c.phase().equals("overload")))
        .allMatch(c -> c.partitions() >= 2);
    // the reduced-quota phases warm up at a rate of their own, on the full quota
    assertThat(plan.stream().filter(c -> c.gatewayCpus() < 1))
        .isNotEmpty()
        .allMatch(c -> c.warmupRate() > 0);
    assertThat(
            plan.stream()
                .filter(c -> !c.phase().equals("ramp"))
                .mapToInt(CellPlan::round)
                .max()
                .orElse(0))
        .isEqualTo(3);
    assertThat(RunPlan.estimate(plan)).isBetween(Duration.ofMinutes(70), Duration.ofMinutes(90));
  }

  @Test
  void theReadmesFullRunIsTheCommandOfTheCommittedRun() throws IOException {
    assertThat(committedCommand("bench/LATEST-RUN.md")).containsExactly(readmeCommand(FULL_RUN));
  }

  @Test
  void theRestActivationRunsCompareStreamWithPollAndGrpcStreamingForBothProcessesInRounds()
      throws IOException {
    for (final String run : List.of(REST_ACTIVATION_RUN, SHORT_POLL_INTERVAL_RUN)) {
      final var plan = RunPlan.of(BenchOptions.parse(readmeCommand(run)));
      // per process and round: rest-stream over REST, patched over REST (poll) and grpc-stream
      assertThat(plan)
          .extracting(c -> c.mode().name() + "/" + c.protocol().tag() + "/" + c.tasks())
          .containsOnly(
              "patched/rest/1",
              "patched/grpc-stream/1",
              "rest-stream/rest/1",
              "patched/rest/10",
              "patched/grpc-stream/10",
              "rest-stream/rest/10");
      assertThat(plan).hasSize(6 * 3);
      assertThat(plan.stream().mapToInt(CellPlan::round).max().orElse(0)).isEqualTo(3);
    }
    // the two differ in the workers' poll interval only: the client's default, and a short one
    assertThat(BenchOptions.parse(readmeCommand(REST_ACTIVATION_RUN)).workload().pollInterval())
        .isEqualTo(Duration.ofMillis(100));
    assertThat(BenchOptions.parse(readmeCommand(SHORT_POLL_INTERVAL_RUN)).workload().pollInterval())
        .isEqualTo(Duration.ofMillis(10));
  }

  @Test
  void theReadmesOverloadAtTwiceCapacityRunFindsCapacityThenRunsThreeModesOverBothApisInRounds()
      throws IOException {
    final var options = BenchOptions.parse(readmeCommand(OVERLOAD_AT_CAPACITY_RUN));
    final var plan = RunPlan.of(options);
    assertThat(plan.stream().map(CellPlan::phase).distinct())
        .containsExactly("capacity", "overload-2x");
    // mode off's capacity steps over REST and gRPC, then adaptive, off and stock in 3 rounds
    assertThat(plan.stream().filter(c -> c.phase().equals("capacity")))
        .allMatch(c -> c.mode().name().equals("off") && c.round() == 1);
    final var cells = plan.stream().filter(c -> c.phase().equals("overload-2x")).toList();
    assertThat(cells)
        .extracting(c -> c.mode().name() + "/" + c.protocol().tag())
        .containsOnly(
            "adaptive/rest", "off/rest", "stock/rest", "adaptive/grpc", "off/grpc", "stock/grpc");
    assertThat(cells).hasSize(6 * 3).allMatch(CellPlan::rateFromCapacity);
    assertThat(options.overloadAtCapacity().multiple()).isEqualTo(2);
    // on a reduced quota of each protocol's own, warmed up on the whole core
    assertThat(plan).allMatch(c -> c.gatewayCpus() < 0.25 && c.warmupRate() > 0);
    assertThat(RunPlan.estimate(plan)).isBetween(Duration.ofMinutes(45), Duration.ofMinutes(75));
  }

  @Test
  void theReadmesRestActivationRunsAreTheCommandsOfTheirCommittedRuns() throws IOException {
    assertThat(committedCommand("bench/REST-ACTIVATION-RUN.md"))
        .containsExactly(readmeCommand(REST_ACTIVATION_RUN));
    assertThat(committedCommand("bench/REST-ACTIVATION-RUN-10MS.md"))
        .containsExactly(readmeCommand(SHORT_POLL_INTERVAL_RUN));
  }

  private static final String FULL_RUN = "**The full run**";
  private static final String REST_ACTIVATION_RUN = "**The REST activation run**";
  private static final String SHORT_POLL_INTERVAL_RUN = "**The short-poll-interval run**";
  private static final String OVERLOAD_AT_CAPACITY_RUN = "**The overload-at-2× run**";

  /** A committed report's command, without its own --root and --out (where it ran and wrote). */
  private static String[] committedCommand(final String report) throws IOException {
    final Path root = Path.of(System.getProperty("gatefork.root", "..")).toAbsolutePath();
    final String committed =
        Files.readAllLines(root.resolve(report)).stream()
            .filter(l -> l.startsWith("- command: `"))
            .findFirst()
            .orElseThrow()
            .replaceFirst("^- command: `", "")
            .replaceFirst("`$", "");
    final List<String> args = new ArrayList<>(Arrays.asList(committed.split("\\s+")));
    for (final String own : List.of("--root", "--out")) {
      final int at = args.indexOf(own);
      if (at >= 0) {
        args.subList(at, at + 2).clear();
      }
    }
    assertThat(args.remove(0)).isEqualTo("scripts/bench.sh");
    return args.toArray(String[]::new);
  }

  /** The indented {@code scripts/bench.sh ...} block under the paragraph starting with heading. */
  static String[] readmeCommand(final String heading) throws IOException {
    final Path root = Path.of(System.getProperty("gatefork.root", "..")).toAbsolutePath();
    final List<String> lines = Files.readAllLines(root.resolve("docs/performance.md"));
    final int start =
        lines.indexOf(lines.stream().filter(l -> l.startsWith(heading)).findFirst().orElseThrow());
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
    final List<String> args =
        new ArrayList<>(Arrays.asList(command.toString().trim().split("\\s+")));
    assertThat(args.remove(0)).isEqualTo("scripts/bench.sh");
    return args.toArray(String[]::new);
  }
}
