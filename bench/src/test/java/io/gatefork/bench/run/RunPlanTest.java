package io.gatefork.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.bench.config.BenchOptions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunPlanTest {
  @Test
  void everyRoundRunsEveryModeAndProtocolWithTheOrderRotated() {
    final var plan = RunPlan.of(BenchOptions.parse("--modes", "stock,patched,fail-fast",
        "--protocols", "rest,grpc", "--rounds", "3"));
    assertThat(plan).hasSize(18);
    assertThat(modesOfRound(plan, 1)).containsExactly("stock", "patched", "fail-fast");
    assertThat(modesOfRound(plan, 2)).containsExactly("patched", "fail-fast", "stock");
    assertThat(modesOfRound(plan, 3)).containsExactly("fail-fast", "stock", "patched");
    assertThat(plan.get(0).protocol().tag()).isEqualTo("rest");
    assertThat(plan.stream().filter(c -> c.round() == 2).findFirst().orElseThrow()
        .protocol().tag()).isEqualTo("grpc");
    assertThat(plan).extracting(CellPlan::index).startsWith(1, 2, 3).endsWith(18);
    assertThat(plan).allMatch(c -> c.total() == 18 && c.requestLimit() == 0);
  }

  @Test
  void sweepOverloadAndRampFollowTheMainCells() {
    final var plan = RunPlan.of(BenchOptions.parse("--modes", "patched", "--protocols", "rest",
        "--sweep", "exec-x4,queue-16", "--overload", "--overload-protocols", "grpc",
        "--ramp", "150,300"));
    assertThat(plan).extracting(CellPlan::phase).containsExactly("main", "sweep", "sweep",
        "overload", "overload", "ramp", "ramp", "ramp", "ramp");
    final var overload = plan.stream().filter(c -> c.phase().equals("overload")).toList();
    assertThat(overload).extracting(c -> c.mode().name()).containsExactly("stock", "fail-fast");
    assertThat(overload).allMatch(c -> c.requestLimit() == 20 && c.rate() == 300
        && c.protocol().tag().equals("grpc"));
    final var ramp = plan.stream().filter(c -> c.phase().equals("ramp")).toList();
    assertThat(ramp).extracting(c -> c.mode().name() + "@" + (int) c.rate())
        .containsExactly("stock@150", "patched@150", "stock@300", "patched@300");
  }

  @Test
  void theEstimateCountsWarmupWindowAndStartupPerCell() {
    final var plan = RunPlan.of(BenchOptions.parse("--modes", "stock,patched", "--protocols",
        "rest", "--warmup", "10s", "--window", "20s"));
    assertThat(RunPlan.estimate(plan))
        .isEqualTo(Duration.ofSeconds(2 * 30).plus(RunPlan.CELL_OVERHEAD.multipliedBy(2)));
  }

  @Test
  void labelsNameTheCellForItsLogFiles() {
    final var cell = RunPlan.of(BenchOptions.parse("--modes", "fail-fast", "--protocols",
        "grpc")).get(0);
    assertThat(cell.label()).isEqualTo("01-main-fail-fast-grpc-r1");
  }

  private static List<String> modesOfRound(final List<CellPlan> plan, final int round) {
    return plan.stream().filter(c -> c.round() == round).map(c -> c.mode().name()).distinct()
        .toList();
  }
}
