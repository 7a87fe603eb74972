package io.gatefork.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.bench.config.BenchOptions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunPlanTest {
  @Test
  void everyRoundRunsEveryModeAndProtocolWithTheOrderRotated() {
    final var plan =
        RunPlan.of(
            BenchOptions.parse(
                "--modes", "stock,patched,fail-fast", "--protocols", "rest,grpc", "--rounds", "3"));
    assertThat(plan).hasSize(18);
    assertThat(modesOfRound(plan, 1)).containsExactly("stock", "patched", "fail-fast");
    assertThat(modesOfRound(plan, 2)).containsExactly("patched", "fail-fast", "stock");
    assertThat(modesOfRound(plan, 3)).containsExactly("fail-fast", "stock", "patched");
    assertThat(plan.get(0).protocol().tag()).isEqualTo("rest");
    assertThat(plan.stream().filter(c -> c.round() == 2).findFirst().orElseThrow().protocol().tag())
        .isEqualTo("grpc");
    assertThat(plan).extracting(CellPlan::index).startsWith(1, 2, 3).endsWith(18);
    assertThat(plan).allMatch(c -> c.total() == 18 && c.requestLimit() == 0);
  }

  @Test
  void overloadCellsGetTheirOwnPartitionsAndSaturationCellsTheirWarmupRate() {
    final var plan =
        RunPlan.of(
            BenchOptions.parse(
                "--modes",
                "patched",
                "--protocols",
                "rest",
                "--rounds",
                "1",
                "--partitions",
                "1",
                "--saturation-gateway-cpus",
                "0.25",
                "--saturation-warmup-rate",
                "100",
                "--sweep",
                "exec-x4",
                "--sweep-rate",
                "60",
                "--overload",
                "--overload-protocols",
                "rest",
                "--overload-partitions",
                "3"));
    assertThat(plan)
        .extracting(CellPlan::phase)
        .containsExactly("main", "sweep", "overload", "overload");
    assertThat(plan.get(0).partitions()).isEqualTo(1);
    assertThat(plan.get(0).warmupRate()).isZero();
    assertThat(plan.get(1).partitions()).isEqualTo(1);
    assertThat(plan.get(1).warmupRate()).isEqualTo(100);
    assertThat(plan.get(1).gatewayCpus()).isEqualTo(0.25);
    assertThat(plan.subList(2, 4)).allMatch(c -> c.partitions() == 3 && c.warmupRate() == 0);
  }

  @Test
  void theRampComesBeforeTheCellsThatRunAtItsSaturationPoint() {
    final var plan =
        RunPlan.of(
            BenchOptions.parse(
                "--modes",
                "patched",
                "--protocols",
                "rest",
                "--rounds",
                "2",
                "--sweep",
                "exec-x4,queue-16",
                "--overload",
                "--overload-protocols",
                "grpc",
                "--ramp",
                "150,300"));
    assertThat(plan)
        .extracting(CellPlan::phase)
        .containsExactly(
            "main",
            "main",
            "ramp",
            "ramp",
            "ramp",
            "ramp",
            "saturation",
            "saturation",
            "saturation",
            "saturation",
            "sweep",
            "sweep",
            "sweep",
            "sweep",
            "overload",
            "overload",
            "overload",
            "overload");
    final var ramp = plan.stream().filter(c -> c.phase().equals("ramp")).toList();
    assertThat(ramp)
        .extracting(c -> c.mode().name() + "@" + (int) c.rate())
        .containsExactly("stock@150", "patched@150", "stock@300", "patched@300");
    assertThat(ramp).allMatch(c -> c.round() == 1 && !c.rateFromRamp());
    final var atPoint =
        plan.stream()
            .filter(c -> c.phase().equals("saturation") || c.phase().equals("sweep"))
            .toList();
    assertThat(atPoint).allMatch(CellPlan::rateFromRamp);
    assertThat(atPoint.get(0).at(240).rate()).isEqualTo(240);
    // rounds interleave: the second round starts with the other mode
    assertThat(plan.stream().filter(c -> c.phase().equals("sweep")).map(c -> c.mode().name()))
        .containsExactly("exec-x4", "queue-16", "queue-16", "exec-x4");
    final var overload = plan.stream().filter(c -> c.phase().equals("overload")).toList();
    assertThat(overload)
        .extracting(c -> c.mode().name() + " r" + c.round())
        .containsExactly("stock r1", "fail-fast r1", "fail-fast r2", "stock r2");
    assertThat(overload)
        .allMatch(
            c -> c.requestLimit() == 20 && c.rate() == 1000 && c.protocol().tag().equals("grpc"));
  }

  @Test
  void theOverloadAtTwiceCapacityRunsAloneAfterItsCapacityStepsOnTheReducedQuota() {
    final var plan =
        RunPlan.of(
            BenchOptions.parse(
                "--phases",
                "overload-2x",
                "--rounds",
                "3",
                "--saturation-gateway-cpus",
                "0.25",
                "--saturation-warmup-rate",
                "100",
                "--capacity-ramp",
                "150,200"));
    final var steps = plan.stream().filter(c -> c.phase().equals("capacity")).toList();
    // the capacity mode over both protocols, one round, rate by rate
    assertThat(steps)
        .extracting(c -> c.mode().name() + "/" + c.protocol().tag() + "@" + (int) c.rate())
        .containsExactly("off/rest@150", "off/grpc@150", "off/rest@200", "off/grpc@200");
    assertThat(steps).allMatch(c -> c.round() == 1 && !c.rateFromCapacity());
    assertThat(steps.get(0).label()).isEqualTo("01-capacity-off-rest-t1-r1-150");
    final var cells = plan.stream().filter(c -> c.phase().equals("overload-2x")).toList();
    assertThat(plan).hasSize(steps.size() + cells.size());
    assertThat(plan.subList(0, steps.size())).isEqualTo(steps);
    assertThat(cells).hasSize(3 * 2 * 3).allMatch(CellPlan::rateFromCapacity);
    // modes interleaved, the order rotated per round
    assertThat(cells.stream().filter(c -> c.protocol().tag().equals("rest")))
        .extracting(c -> c.mode().name() + " r" + c.round())
        .containsExactly(
            "adaptive r1",
            "off r1",
            "stock r1",
            "off r2",
            "stock r2",
            "adaptive r2",
            "stock r3",
            "adaptive r3",
            "off r3");
    assertThat(plan)
        .allMatch(c -> c.gatewayCpus() == 0.25 && c.warmupRate() == 100 && c.requestLimit() == 0);
    assertThat(cells.get(0).at(300).rate()).isEqualTo(300);
    assertThat(cells.get(0).title()).contains("at a multiple of capacity");
    // the estimate counts each cell's drain
    assertThat(RunPlan.estimate(cells))
        .isEqualTo(
            Duration.ofSeconds(60 + 20)
                .plus(RunPlan.CELL_OVERHEAD)
                .plus(RunPlan.AT_CAPACITY_DRAIN)
                .multipliedBy(cells.size()));
  }

  @Test
  void theOverloadAtCapacityCellsAndTheirStepsRunOnTheirProtocolsOwnQuota() {
    final var plan =
        RunPlan.of(
            BenchOptions.parse(
                "--phases",
                "overload-2x",
                "--rounds",
                "1",
                "--saturation-gateway-cpus",
                "0.25",
                "--overload-2x-gateway-cpus",
                "rest=0.15,grpc=0.06",
                "--capacity-ramp",
                "100"));
    assertThat(plan)
        .extracting(c -> c.phase() + " " + c.protocol().tag() + " " + c.gatewayCpus())
        .contains(
            "capacity rest 0.15",
            "capacity grpc 0.06",
            "overload-2x rest 0.15",
            "overload-2x grpc 0.06");
  }

  @Test
  void theTenTaskProcessAndTheDefaultPoolRunOnlyForTheModesAskedFor() {
    final var plan =
        RunPlan.of(
            BenchOptions.parse(
                "--modes",
                "stock,patched,fail-fast",
                "--protocols",
                "rest,rest-default-pool",
                "--tasks",
                "1,10",
                "--rounds",
                "1",
                "--rate",
                "100",
                "--ramp",
                "200",
                "--ramp-modes",
                "stock"));
    assertThat(plan)
        .extracting(
            c ->
                c.phase()
                    + " "
                    + c.mode().name()
                    + "/"
                    + c.protocol().tag()
                    + "/"
                    + c.tasks()
                    + "@"
                    + (int) c.rate())
        .containsExactly(
            "main stock/rest/1@100",
            "main patched/rest/1@100",
            "main patched/rest-default-pool/1@100",
            "main fail-fast/rest/1@100",
            "main stock/rest/10@20",
            "main patched/rest/10@20",
            // the other phases run the first process only
            "ramp stock/rest/1@200",
            "saturation stock/rest/1@-1",
            "saturation patched/rest/1@-1");
  }

  @Test
  void aRestOnlyModeRunsWithRestClientSetupsOnly() {
    final var plan =
        RunPlan.of(
            BenchOptions.parse(
                "--modes",
                "patched,rest-stream",
                "--protocols",
                "rest,grpc-stream",
                "--tasks",
                "1,10",
                "--ten-task-modes",
                "patched,rest-stream",
                "--rounds",
                "1",
                "--rate",
                "50"));
    // rest-stream over gRPC would be patched over gRPC again: its switch is for REST only
    assertThat(plan)
        .extracting(c -> c.mode().name() + "/" + c.protocol().tag() + "/" + c.tasks())
        .containsExactly(
            "patched/rest/1",
            "patched/grpc-stream/1",
            "rest-stream/rest/1",
            "patched/rest/10",
            "patched/grpc-stream/10",
            "rest-stream/rest/10");
    assertThat(plan.get(2).mode().env()).containsEntry("GATEFORK_JOBS_RESTACTIVATION", "stream");
  }

  @Test
  void theEstimateCountsWarmupWindowAndStartupPerCell() {
    final var plan =
        RunPlan.of(
            BenchOptions.parse(
                "--modes",
                "stock,patched",
                "--protocols",
                "rest",
                "--warmup",
                "10s",
                "--window",
                "20s",
                "--rounds",
                "1"));
    assertThat(RunPlan.estimate(plan))
        .isEqualTo(Duration.ofSeconds(2 * 30).plus(RunPlan.CELL_OVERHEAD.multipliedBy(2)));
  }

  @Test
  void labelsNameTheCellForItsLogFiles() {
    final var cell =
        RunPlan.of(BenchOptions.parse("--modes", "fail-fast", "--protocols", "grpc")).get(0);
    assertThat(cell.label()).isEqualTo("01-main-fail-fast-grpc-t1-r1");
  }

  private static List<String> modesOfRound(final List<CellPlan> plan, final int round) {
    return plan.stream()
        .filter(c -> c.round() == round)
        .map(c -> c.mode().name())
        .distinct()
        .toList();
  }
}
