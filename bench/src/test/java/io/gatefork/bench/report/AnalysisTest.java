package io.gatefork.bench.report;

import static io.gatefork.bench.report.Cells.cell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnalysisTest {
  @Test
  void roundsOfOneCellGiveTheMedianWithMinAndMax() {
    final var analysis =
        new Analysis(
            List.of(
                cell("main", "stock", "rest")
                    .round(1)
                    .cpuPerInstance(700)
                    .createLatency(2, 10)
                    .build(),
                cell("main", "stock", "rest")
                    .round(2)
                    .cpuPerInstance(900)
                    .createLatency(4, 20)
                    .build(),
                cell("main", "stock", "rest")
                    .round(3)
                    .cpuPerInstance(800)
                    .createLatency(3, 90)
                    .build(),
                cell("main", "stock", "grpc").createLatency(1, 5).build()),
            3);
    final var rest = analysis.find("main", "stock", "rest").orElseThrow();
    assertThat(rest.rounds()).isEqualTo(3);
    assertThat(rest.cpuPerInstanceUs().median()).isCloseTo(800, within(1e-6));
    assertThat(rest.cpuPerInstanceUs().min()).isCloseTo(700, within(1e-6));
    assertThat(rest.cpuPerInstanceUs().max()).isCloseTo(900, within(1e-6));
    // a median, not a mean: the 90 ms outlier does not pull it up
    assertThat(rest.createP99()).isEqualTo(20.0);
    assertThat(rest.createP50()).isEqualTo(3.0);
    assertThat(analysis.phase("main")).hasSize(2);
  }

  @Test
  void failedCellsAreListedButLeftOutOfTheFigures() {
    final var analysis =
        new Analysis(
            List.of(
                cell("main", "stock", "rest").createLatency(2, 10).build(),
                cell("main", "stock", "rest").failed("gateway did not start").build()),
            3);
    assertThat(analysis.failures()).hasSize(1);
    assertThat(analysis.find("main", "stock", "rest").orElseThrow().rounds()).isEqualTo(1);
  }

  @Test
  void aRatioWhoseSpreadOverRoundsContainsOneIsNotShown() {
    final var analysis =
        new Analysis(
            List.of(
                cell("main", "stock", "rest").round(1).cpuPerInstance(1000).build(),
                cell("main", "stock", "rest").round(2).cpuPerInstance(1100).build(),
                cell("main", "stock", "rest").round(3).cpuPerInstance(900).build(),
                cell("main", "pathpattern", "rest").round(1).cpuPerInstance(950).build(),
                cell("main", "pathpattern", "rest").round(2).cpuPerInstance(1200).build(),
                cell("main", "pathpattern", "rest").round(3).cpuPerInstance(800).build(),
                cell("main", "patched", "rest").round(1).cpuPerInstance(500).build(),
                cell("main", "patched", "rest").round(2).cpuPerInstance(560).build(),
                cell("main", "patched", "rest").round(3).cpuPerInstance(450).build()),
            3);
    final var byMode = new java.util.HashMap<String, Analysis.Comparison>();
    analysis.versusStock().forEach(c -> byMode.put(c.mode(), c));
    // per round pair: 0.95, 1.09, 0.89
    final Ratio pathpattern = byMode.get("pathpattern").cpuPerInstance();
    assertThat(pathpattern.pairs()).isEqualTo(3);
    assertThat(pathpattern.median()).isCloseTo(0.95, within(1e-9));
    assertThat(pathpattern.shown()).isFalse();
    assertThat(Table.ratio(pathpattern)).isEqualTo("0.95x [0.89–1.09] not shown");
    // 0.50, 0.51, 0.50
    final Ratio patched = byMode.get("patched").cpuPerInstance();
    assertThat(patched.shown()).isTrue();
    assertThat(Table.ratio(patched)).isEqualTo("0.50x [0.50–0.51]");
  }

  @Test
  void aCellWhoseBrokerSideSaturatedIsNotComparedOnLatencyButStillOnCpu() {
    final var analysis =
        new Analysis(
            List.of(
                cell("main", "stock", "rest")
                    .loadSide(97)
                    .createLatency(40, 400)
                    .cpuPerInstance(1000)
                    .build(),
                cell("main", "patched", "rest")
                    .loadSide(60)
                    .createLatency(4, 40)
                    .cpuPerInstance(500)
                    .build()),
            3);
    final var stock = analysis.find("main", "stock", "rest").orElseThrow();
    assertThat(stock.validForLatency()).isFalse();
    assertThat(stock.invalidReasons()).containsExactly("broker/load CPUs 97 % > 90 %");
    final var row = analysis.versusStock().get(0);
    assertThat(row.latencyComparable()).isFalse();
    assertThat(row.createP99().measured()).isFalse();
    assertThat(row.cpuPerInstance().median()).isCloseTo(0.5, within(1e-9));
    assertThat(MarkdownReport.render(run(analysis), analysis))
        .contains("invalid, not compared")
        .contains("invalid 1/1: broker/load CPUs 97 % > 90 %");
  }

  @Test
  void aSlowBrokerStageMakesACellInvalidForLatency() {
    final var a = Aggregate.of(List.of(cell("main", "patched", "grpc").stageP50(8.0, 9.0).build()));
    assertThat(a.validForLatency()).isFalse();
    assertThat(a.invalidReasons()).containsExactly("broker stage p50 8.0 ms > 5.0 ms");
    assertThat(
            Aggregate.of(List.of(cell("main", "patched", "grpc").stageP50(2.0, 2.5).build()))
                .validForLatency())
        .isTrue();
  }

  @Test
  void restIsComparedWithGrpcPollingAndStreamingAndTheDefaultPoolWithAWidenedOne() {
    final var analysis =
        new Analysis(
            List.of(
                cell("main", "patched", "rest").cpuPerInstance(900).build(),
                cell("main", "patched", "rest-default-pool")
                    .cpuPerInstance(1000)
                    .throughput(100, 60)
                    .build(),
                cell("main", "patched", "grpc").cpuPerInstance(450).build(),
                cell("main", "patched", "grpc-stream").cpuPerInstance(300).build()),
            3);
    assertThat(analysis.restVersusGrpc())
        .extracting(c -> c.baseline() + " " + Table.ratio(c.cpuPerInstance()))
        .containsExactly("grpc 2.00x", "grpc-stream 3.00x");
    final var pool = analysis.defaultPoolVersusWidened();
    assertThat(pool).hasSize(1);
    assertThat(pool.get(0).completed().median()).isCloseTo(0.4, within(1e-9));
  }

  @Test
  void theSaturationPointIsTheFirstRateStockDoesNotKeepUpWithNotWhereItsQuotaIsFull() {
    final var analysis =
        new Analysis(
            List.of(
                cell("ramp", "stock", "rest")
                    .rate(100)
                    .throughput(100, 100)
                    .gatewayCores(0.5, 1)
                    .build(),
                cell("ramp", "stock", "rest")
                    .rate(200)
                    .throughput(200, 198)
                    .gatewayCores(0.95, 1)
                    .loadSide(70)
                    .build(),
                cell("ramp", "stock", "rest")
                    .rate(300)
                    .throughput(230, 220)
                    .gatewayCores(1.0, 1)
                    .build()),
            3);
    final var point = analysis.saturationPoint("rest", 1).orElseThrow();
    assertThat(point.found()).isTrue();
    // at 200/s its quota was full, but it still carried the load: no gain to show there
    assertThat(point.rate()).isEqualTo(300);
    assertThat(point.how()).contains("1.00 of 1.00 gateway cores", "220 of 300/s completed");
  }

  @Test
  void aGatewayStarvedByItsQuotaIsTheSaturationPointHoweverLongItTimesTheBrokerStage() {
    // the broker stage is timed inside the gateway: throttled, it stretches with an idle broker
    final var analysis =
        new Analysis(
            List.of(
                cell("ramp", "stock", "rest")
                    .rate(30)
                    .throughput(30, 30)
                    .gatewayCores(0.15, 0.25)
                    .loadSide(30)
                    .build(),
                cell("ramp", "stock", "rest")
                    .rate(60)
                    .throughput(60, 50)
                    .gatewayCores(0.25, 0.25)
                    .loadSide(40)
                    .brokerStageP50(80)
                    .build()),
            3);
    final var point = analysis.saturationPoint("rest", 1).orElseThrow();
    assertThat(point.found()).isTrue();
    assertThat(point.rate()).isEqualTo(60);
  }

  @Test
  void aBrokerThatSaturatesFirstGivesNoSaturationPointButAValidFallback() {
    final var analysis =
        new Analysis(
            List.of(
                cell("ramp", "stock", "rest")
                    .rate(100)
                    .throughput(100, 100)
                    .gatewayCores(0.5, 1)
                    .build(),
                cell("ramp", "stock", "rest")
                    .rate(200)
                    .throughput(200, 150)
                    .gatewayCores(0.7, 1)
                    .loadSide(98)
                    .build()),
            3);
    final var point = analysis.saturationPoint("rest", 1).orElseThrow();
    assertThat(point.found()).isFalse();
    assertThat(point.rate()).isEqualTo(100);
    assertThat(point.how()).contains("broker side saturated before stock's gateway");
  }

  @Test
  void aStockThatNeverSaturatesSaysToRaiseTheRates() {
    final var analysis =
        new Analysis(
            List.of(cell("ramp", "stock", "rest").rate(150).gatewayCores(0.3, 1).build()), 3);
    final var point = analysis.saturationPoint("rest", 1).orElseThrow();
    assertThat(point.found()).isFalse();
    assertThat(point.how()).contains("kept up at every rate up to 150/s");
  }

  @Test
  void theSaturationHeadlineComparesPatchedWithStockAtThePointOverRounds() {
    final var analysis =
        new Analysis(
            List.of(
                cell("saturation", "stock", "rest").rate(200).round(1).throughput(200, 100).build(),
                cell("saturation", "stock", "rest").rate(200).round(2).throughput(200, 95).build(),
                cell("saturation", "patched", "rest")
                    .rate(200)
                    .round(1)
                    .throughput(200, 210)
                    .build(),
                cell("saturation", "patched", "rest")
                    .rate(200)
                    .round(2)
                    .throughput(200, 199)
                    .build()),
            3);
    assertThat(byName(analysis).get("completed where stock saturates, patched / stock"))
        .contains("at 200/s")
        .contains("2.10x [2.09–2.10]");
  }

  @Test
  void theExecutorCountsAsFilledOnCallerRunsOrAQueueAtItsCapacity() {
    final var analysis =
        new Analysis(
            List.of(
                cell("sweep", "exec-x4", "rest").executor(0, 8).build(),
                cell("sweep", "exec-x16", "rest").executor(5, 2).build(),
                cell("sweep", "queue-16", "rest")
                    .executor(0, 16)
                    .env(Map.of("CAMUNDA_API_REST_EXECUTOR_QUEUECAPACITY", "16"))
                    .build()),
            3);
    assertThat(analysis.executorFill())
        .extracting(f -> f.mode() + " " + f.queueCapacity() + " " + f.filled())
        .containsExactly("exec-x4 64 false", "exec-x16 64 true", "queue-16 16 true");
  }

  @Test
  void theHeadlinesStateFiguresWithoutVerdicts() {
    final var analysis =
        new Analysis(
            List.of(
                cell("main", "patched", "rest").createLatency(2, 13).stageP50(1.0, 2.5).build(),
                cell("main", "patched", "grpc").createLatency(1, 5).stageP50(1.0, 1.4).build()),
            3);
    final var figures = byName(analysis);
    assertThat(figures.get("REST p99 / gRPC p99 (patched, create)"))
        .isEqualTo("REST 13.00 ms / gRPC 5.00 ms = 2.60x");
    assertThat(figures.get("gateway-added latency p50 (patched, rest, create)"))
        .startsWith("p50 total 2.50 - broker 1.00 = 1.50 ms");
    assertThat(figures.values()).noneMatch(f -> f.contains("MET") || f.contains("missed"));
  }

  @Test
  void headlinesTheRunDidNotMeasureSaySo() {
    final var figures = byName(new Analysis(List.of(cell("main", "stock", "rest").build()), 3));
    assertThat(figures.get("REST p99 / gRPC p99 (patched, create)")).startsWith("not measured");
    assertThat(figures.get("completed where stock saturates, patched / stock"))
        .startsWith("not measured");
    assertThat(figures.get("broker requests per client request under backpressure"))
        .startsWith("not measured");
  }

  @Test
  void aClientsOwnRetriesAreNotTheGatewaysAmplification() {
    // the client sent each refused create twice; the gateway sent each request it got once
    final var analysis =
        new Analysis(
            List.of(
                cell("overload", "fail-fast", "rest")
                    .rate(300)
                    .amplification(1.0)
                    .clientSends(1.4)
                    .errors(40, Map.of())
                    .build()),
            1);
    final var overload = analysis.phase("overload").get(0);
    assertThat(overload.amplification()).isCloseTo(1.0, within(1e-9));
    assertThat(overload.clientSendsPerCall()).isCloseTo(1.4, within(1e-9));
    assertThat(
            byName(analysis).get("broker requests per create under backpressure (fail-fast, rest)"))
        .startsWith("1.00 at 40.0% errors");
  }

  @Test
  void amplificationUnderBackpressureSaysWhereTheLimitWasNotReached() {
    final var analysis =
        new Analysis(
            List.of(
                cell("overload", "stock", "rest")
                    .rate(300)
                    .partitions(3)
                    .amplification(2.4)
                    .errors(60, Map.of())
                    .build(),
                cell("overload", "fail-fast", "rest")
                    .rate(300)
                    .amplification(1.0)
                    .errors(55, Map.of())
                    .build(),
                cell("overload", "fail-fast", "grpc")
                    .rate(300)
                    .amplification(1.3)
                    .errors(20, Map.of())
                    .build(),
                cell("overload", "fail-fast", "rest-default-pool")
                    .rate(300)
                    .amplification(1.0)
                    .build()),
            // the run's other phases had one: the overload cells' own count is what counts
            1);
    final var figures = byName(analysis);
    assertThat(figures.get("broker requests per create under backpressure (fail-fast, rest)"))
        .contains("1.00")
        .contains("stock: 2.40, up to 3 with 3 partitions");
    assertThat(figures.get("broker requests per create under backpressure (fail-fast, grpc)"))
        .startsWith("1.30 at 20.0% errors");
    // no error, no backpressure: 1.00 would mean nothing, and the figure says so
    assertThat(
            figures.get(
                "broker requests per create under backpressure (fail-fast, rest-default-pool)"))
        .contains("the broker's limit was not reached");
  }

  @Test
  void restStreamModeIsComparedWithPollingAndGrpcStreamingPerRound() {
    final List<CellResult> cells = new java.util.ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      for (final int tasks : new int[] {1, 10}) {
        cells.add(
            cell("main", "patched", "rest")
                .round(round)
                .tasks(tasks)
                .endToEnd(70, 200)
                .activations(3, 0)
                .cpuPerInstance(2000)
                .build());
        cells.add(
            cell("main", "patched", "grpc-stream")
                .round(round)
                .tasks(tasks)
                .endToEnd(55, 100)
                .activations(0, 0)
                .cpuPerInstance(1500)
                .build());
        cells.add(
            cell("main", "rest-stream", "rest")
                .round(round)
                .tasks(tasks)
                // the ten-task process's p99 is 1.2x gRPC streaming's, the one-task's 1.5x
                .endToEnd(60, tasks == 10 ? 120 : 150)
                // one round of the one-task process asked the brokers more than once per job
                .activations(tasks == 1 && round == 2 ? 1.2 : 0.1, 0.9)
                .cpuPerInstance(1600)
                .build());
      }
    }
    final var analysis = new Analysis(cells, 1);

    assertThat(analysis.activationCells())
        .extracting(Aggregate::key)
        .containsExactly(
            "patched/rest",
            "patched/grpc-stream",
            "rest-stream/rest",
            "patched/rest/10-task",
            "patched/grpc-stream/10-task",
            "rest-stream/rest/10-task");
    final var oneTask =
        analysis.restStreamVersusOthers().stream().filter(c -> c.tasks() == 1).toList();
    assertThat(oneTask).extracting(c -> c.baseline()).containsExactly("rest poll", "grpc-stream");
    assertThat(oneTask.get(0).e2eP99().median()).isCloseTo(0.75, within(1e-9));
    assertThat(oneTask.get(0).cpuPerInstance().median()).isCloseTo(0.8, within(1e-9));
    assertThat(oneTask.get(1).e2eP99().median()).isCloseTo(1.5, within(1e-9));
    assertThat(oneTask.get(1).e2eP99().pairs()).isEqualTo(3);

    final var figures = byName(analysis);
    assertThat(figures.get("REST stream e2e p99 / gRPC streaming (1-task)")).startsWith("1.50x");
    assertThat(figures.get("REST stream e2e p99 / gRPC streaming (10-task)")).startsWith("1.20x");
    assertThat(figures.get("activation requests per job, REST stream (1-task)"))
        .contains("(poll: 3.00)")
        .contains("1.20");
    assertThat(analysis.find("main", "rest-stream", "rest").orElseThrow().pushedShare().median())
        .isCloseTo(0.9, within(1e-9));

    final String report = MarkdownReport.render(run(analysis), analysis);
    assertThat(report)
        .contains("## REST job activation: stream mode against polling")
        .contains("| rest stream / grpc-stream |");
  }

  @Test
  void gatewayAddedLatencyIsTotalMinusBrokerStage() {
    final var a =
        Aggregate.of(List.of(cell("main", "patched", "rest").stageP50(1.25, 2.0).build()));
    assertThat(a.gatewayAddedP50Ms()).isCloseTo(0.75, within(1e-9));
    assertThat(a.gatewayAddedMeanMs()).isCloseTo(0.825, within(1e-9));
  }

  private static RunResult run(final Analysis analysis) {
    return new RunResult("s", "f", "c", Map.of(), Map.of(), List.of(), analysis.cells());
  }

  private static Map<String, String> byName(final Analysis analysis) {
    final Map<String, String> byName = new java.util.LinkedHashMap<>();
    analysis.headlines().forEach(h -> byName.put(h.name(), h.measured()));
    return byName;
  }

  private static CellResult.OverloadFigures figures(
      final double capacity, final long ok, final long exhausted, final long lost) {
    return new CellResult.OverloadFigures(
        capacity,
        "off",
        2,
        ok + exhausted + 1,
        ok,
        exhausted,
        1,
        0,
        0,
        2.5,
        exhausted / 2.0,
        20,
        0,
        0,
        ok * 2,
        ok * 2 - lost,
        lost,
        1,
        3.0);
  }

  @Test
  void theCapacityIsWhatTheGatewayCompletedWhereItFellBehind() {
    final var analysis =
        new Analysis(
            List.of(
                cell("capacity", "off", "rest")
                    .rate(150)
                    .throughput(150, 149)
                    .gatewayCores(0.2, 0.25)
                    .build(),
                cell("capacity", "off", "rest")
                    .rate(200)
                    .throughput(190, 181)
                    .gatewayCores(0.25, 0.25)
                    .build(),
                cell("capacity", "off", "rest")
                    .rate(250)
                    .throughput(180, 170)
                    .gatewayCores(0.25, 0.25)
                    .build(),
                // another mode's steps are not its capacity
                cell("ramp", "stock", "rest").rate(100).throughput(100, 80).build()),
            1);
    final var capacity = analysis.capacity("off", "rest", 1).orElseThrow();
    assertThat(capacity.found()).isTrue();
    assertThat(capacity.rate()).isEqualTo(181);
    assertThat(capacity.how()).contains("off fell behind at 200/s (181.0/s completed");
    // higher steps would tell nothing more: the run skips them
    assertThat(capacity.settled()).isTrue();
    // a protocol without steps of its own takes the first one stepped
    assertThat(analysis.capacity("off", null, 1).orElseThrow().rate()).isEqualTo(181);
    assertThat(analysis.capacity("off", "grpc", 1)).isEmpty();
    // the ramp's steps count as well: stock fell behind at its only step
    assertThat(analysis.capacity("stock", "rest", 1).orElseThrow().rate()).isEqualTo(80);
  }

  @Test
  void aCapacityTheStepsDidNotReachIsALowerBoundAndABrokerSaturatedFirstSaysSo() {
    final var keptUp =
        new Analysis(
            List.of(cell("capacity", "off", "grpc").rate(150).throughput(150, 149.5).build()), 1);
    final var lowerBound = keptUp.capacity("off", "grpc", 1).orElseThrow();
    assertThat(lowerBound.found()).isFalse();
    assertThat(lowerBound.rate()).isEqualTo(149.5);
    assertThat(lowerBound.how()).contains("kept up at every step up to 150/s");
    assertThat(lowerBound.settled()).isFalse();
    final var brokerFirst =
        new Analysis(
            List.of(
                cell("capacity", "off", "grpc").rate(150).throughput(150, 150).build(),
                cell("capacity", "off", "grpc")
                    .rate(300)
                    .throughput(260, 250)
                    .loadSide(97)
                    .build()),
            1);
    final var fallback = brokerFirst.capacity("off", "grpc", 1).orElseThrow();
    assertThat(fallback.found()).isFalse();
    assertThat(fallback.rate()).isEqualTo(150);
    assertThat(fallback.how()).contains("broker side saturated at 300/s");
    assertThat(fallback.settled()).isTrue();
  }

  @Test
  void theCellsAtTwiceCapacityReportAnswersByKindOverRoundsAndLostInstances() {
    final var analysis =
        new Analysis(
            List.of(
                cell("capacity", "off", "rest")
                    .rate(200)
                    .throughput(190, 180)
                    .gatewayCores(0.25, 0.25)
                    .build(),
                cell("overload-2x", "adaptive", "rest")
                    .rate(360)
                    .round(1)
                    .throughput(170, 170)
                    .gatewayCores(0.25, 0.25)
                    .loadSide(50)
                    .overload(figures(180, 5000, 4000, 0))
                    .build(),
                cell("overload-2x", "adaptive", "rest")
                    .rate(360)
                    .round(2)
                    .throughput(160, 160)
                    .gatewayCores(0.24, 0.25)
                    .loadSide(55)
                    .overload(figures(180, 4800, 4200, 0))
                    .build(),
                cell("overload-2x", "off", "rest")
                    .rate(360)
                    .throughput(120, 110)
                    .gatewayCores(0.25, 0.25)
                    .loadSide(95)
                    .overload(figures(180, 3000, 0, 2))
                    .build()),
            1);
    final var rows = analysis.atCapacity();
    assertThat(rows).extracting(Analysis.AtCapacityRow::mode).containsExactly("adaptive", "off");
    final var adaptive = rows.get(0);
    assertThat(adaptive.rounds()).isEqualTo(2);
    assertThat(adaptive.capacity()).isEqualTo(180);
    assertThat(adaptive.completed().min()).isEqualTo(160);
    assertThat(adaptive.completed().max()).isEqualTo(170);
    assertThat(adaptive.okPct().max()).isCloseTo(100.0 * 5000 / 9001, within(1e-9));
    assertThat(adaptive.exhaustedPct().median()).isCloseTo(45.55, within(0.01));
    assertThat(adaptive.acknowledged()).isEqualTo(19_600);
    assertThat(adaptive.lost()).isZero();
    assertThat(adaptive.bottleneck()).isEqualTo("gateway (quota full)");
    assertThat(rows.get(1).bottleneck()).startsWith("broker/load CPUs");
    assertThat(analysis.capacities())
        .singleElement()
        .satisfies(c -> assertThat(c.rate()).isEqualTo(180));
    assertThat(analysis.headlines())
        .filteredOn(h -> h.name().startsWith("acknowledged instances completed"))
        .extracting(h -> h.name() + ": " + h.measured())
        .allMatch(h -> h.contains("2.0x capacity"))
        .hasSize(2);
    assertThat(rows.get(1).lost()).isPositive();
  }
}
