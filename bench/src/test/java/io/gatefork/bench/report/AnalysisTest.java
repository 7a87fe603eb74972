package io.gatefork.bench.report;

import static io.gatefork.bench.report.Cells.cell;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AnalysisTest {
  @Test
  void roundsOfOneModeAndProtocolAreAveraged() {
    final var analysis = new Analysis(List.of(
        cell("main", "stock", "rest").createLatency(2, 10).build(),
        cell("main", "stock", "rest").createLatency(4, 20).build(),
        cell("main", "stock", "grpc").createLatency(1, 5).build()), 3);
    final var rest = analysis.find("main", "stock", "rest").orElseThrow();
    assertThat(rest.rounds()).isEqualTo(2);
    assertThat(rest.createP50()).isEqualTo(3.0);
    assertThat(rest.createP99()).isEqualTo(15.0);
    assertThat(analysis.phase("main")).hasSize(2);
  }

  @Test
  void failedCellsAreListedButLeftOutOfTheFigures() {
    final var analysis = new Analysis(List.of(
        cell("main", "stock", "rest").createLatency(2, 10).build(),
        cell("main", "stock", "rest").failed("gateway did not start").build()), 3);
    assertThat(analysis.failures()).hasSize(1);
    assertThat(analysis.find("main", "stock", "rest").orElseThrow().rounds()).isEqualTo(1);
  }

  @Test
  void eachModeIsComparedWithStockOfTheSameProtocol() {
    final var analysis = new Analysis(List.of(
        cell("main", "stock", "rest").createLatency(4, 40).throughput(150, 100).build(),
        cell("main", "patched", "rest").createLatency(2, 10).throughput(150, 150).build(),
        cell("main", "patched", "grpc").createLatency(1, 5).build()), 3);
    final var rows = analysis.versusStock();
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).mode()).isEqualTo("patched");
    assertThat(rows.get(0).createP50Ratio()).isEqualTo(0.5);
    assertThat(rows.get(0).createP99Ratio()).isEqualTo(0.25);
    assertThat(rows.get(0).completedRatio()).isEqualTo(1.5);
    final var restGrpc = analysis.restVersusGrpc();
    assertThat(restGrpc).hasSize(1);
    assertThat(restGrpc.get(0).createP99Ratio()).isEqualTo(2.0);
  }

  @Test
  void aMissedTargetSaysByHowMuch() {
    final var analysis = new Analysis(List.of(
        cell("main", "patched", "rest").createLatency(2, 13).stageP50(1.0, 2.5).build(),
        cell("main", "patched", "grpc").createLatency(1, 5).stageP50(1.0, 1.4).build()), 3);
    final var targets = byName(analysis);
    final var restP99 = targets.get("REST p99 vs gRPC p99 (patched, create)");
    assertThat(restP99.met()).isFalse();
    // 13 / 5 = 2.6x, i.e. 100 % over the 1.3x target
    assertThat(restP99.verdict()).contains("missed by 100%").contains("2.60x");
    final var restAdded = targets.get("gateway-added latency p50 (patched, rest, create)");
    assertThat(restAdded.met()).isFalse();
    assertThat(restAdded.verdict()).isEqualTo("missed by 0.50 ms");
    assertThat(targets.get("gateway-added latency p50 (patched, grpc, create)").met()).isTrue();
  }

  @Test
  void targetsTheRunDidNotMeasureSaySoInsteadOfPassing() {
    final var targets = byName(new Analysis(List.of(
        cell("main", "stock", "rest").build()), 3));
    assertThat(targets.get("REST p99 vs gRPC p99 (patched, create)").met()).isNull();
    assertThat(targets.get("throughput where stock saturates").verdict())
        .startsWith("not measured");
    assertThat(targets.get("broker requests per client request under backpressure").met())
        .isNull();
  }

  @Test
  void amplificationUnderBackpressureIsJudgedForFailFastAgainstStock() {
    final var analysis = new Analysis(List.of(
        cell("overload", "stock", "rest").rate(300).amplification(2.4).errors(60, Map.of()).build(),
        cell("overload", "fail-fast", "rest").rate(300).amplification(1.0).errors(55, Map.of())
            .build(),
        cell("overload", "fail-fast", "grpc").rate(300).amplification(1.3).build()), 3);
    final var targets = byName(analysis);
    final var rest = targets.get("amplification under backpressure (fail-fast, rest)");
    assertThat(rest.met()).isTrue();
    assertThat(rest.measured()).contains("1.00").contains("stock: 2.40, up to 3");
    final var grpc = targets.get("amplification under backpressure (fail-fast, grpc)");
    assertThat(grpc.met()).isFalse();
    assertThat(grpc.verdict()).isEqualTo("missed by 0.30");
  }

  @Test
  void theSaturationTargetComparesBothModesWhereStockFirstFallsBehind() {
    final var analysis = new Analysis(List.of(
        cell("ramp", "stock", "rest").rate(150).throughput(150, 149).build(),
        cell("ramp", "patched", "rest").rate(150).throughput(150, 150).build(),
        cell("ramp", "stock", "rest").rate(400).throughput(200, 180).build(),
        cell("ramp", "patched", "rest").rate(400).throughput(400, 396).build()), 3);
    final var steps = analysis.ramp();
    assertThat(steps).filteredOn(s -> s.mode().equals("stock"))
        .extracting(Analysis.RampStep::sustained).containsExactly(true, false);
    final var target = byName(analysis).get("throughput where stock saturates");
    assertThat(target.met()).isTrue();
    assertThat(target.measured()).contains("at 400/s").contains("2.20x");
  }

  @Test
  void aStockThatNeverSaturatesLeavesTheSaturationTargetUnmeasured() {
    final var analysis = new Analysis(List.of(
        cell("ramp", "stock", "rest").rate(150).build(),
        cell("ramp", "patched", "rest").rate(150).build()), 3);
    final var target = byName(analysis).get("throughput where stock saturates");
    assertThat(target.met()).isNull();
    assertThat(target.verdict()).contains("sustained every offered rate up to 150/s");
  }

  @Test
  void gatewayAddedLatencyIsTotalMinusBrokerStage() {
    final var a = Aggregate.of(List.of(cell("main", "patched", "rest").stageP50(1.25, 2.0)
        .build()));
    assertThat(a.gatewayAddedP50Ms()).isCloseTo(0.75, within(1e-9));
    assertThat(a.gatewayAddedMeanMs()).isCloseTo(0.825, within(1e-9));
  }

  private static Map<String, Analysis.Target> byName(final Analysis analysis) {
    final Map<String, Analysis.Target> byName = new java.util.LinkedHashMap<>();
    analysis.targets().forEach(t -> byName.put(t.name(), t));
    return byName;
  }
}
