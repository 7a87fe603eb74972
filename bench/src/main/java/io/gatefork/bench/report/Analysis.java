package io.gatefork.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the cells mean together: aggregates per phase, the ratios that matter (each mode against
 * stock, REST against gRPC, amplification under backpressure) and the targets, reported
 * as met or missed by how much. Nothing here asserts anything.
 */
public final class Analysis {
  /** A ramp step counts as sustained when this share of the offered rate completes. */
  static final double SUSTAINED_SHARE = 0.95;
  static final double SUSTAINED_MAX_ERROR_PCT = 1.0;

  public record VsStock(String mode, String protocol, double createP50Ratio, double createP99Ratio,
      double e2eP99Ratio, double completedRatio, double throttledPct, double stockThrottledPct,
      double cores, double stockCores) {}

  /** Client-side ratios, and the gateway's own (stage timer total) for the same calls. */
  public record RestVsGrpc(String mode, double createP50Ratio, double createP99Ratio,
      double completeP99Ratio, double gatewayTotalMeanRatio, double gatewayTotalP50Ratio,
      double coresRatio) {}

  public record RampStep(String mode, String protocol, double offered, double created,
      double completed, double errorPct, double createP99, double throttledPct,
      boolean sustained) {}

  /** {@code met} is null when the run did not measure it. */
  public record Target(String name, String goal, String measured, Boolean met, String verdict) {}

  private final List<CellResult> cells;
  private final Map<String, List<Aggregate>> byPhase = new LinkedHashMap<>();
  private final int partitions;

  public Analysis(final List<CellResult> cells, final int partitions) {
    this.cells = cells;
    this.partitions = partitions;
    final Map<String, List<CellResult>> groups = new LinkedHashMap<>();
    for (final CellResult cell : cells) {
      if (cell.ok()) {
        groups.computeIfAbsent(cell.phase() + "|" + cell.mode() + "|" + cell.protocol() + "|"
            + cell.offeredRate(), k -> new ArrayList<>()).add(cell);
      }
    }
    groups.values().forEach(group -> byPhase.computeIfAbsent(group.get(0).phase(),
        k -> new ArrayList<>()).add(Aggregate.of(group)));
  }

  public List<CellResult> cells() {
    return cells;
  }

  public List<Aggregate> phase(final String phase) {
    return byPhase.getOrDefault(phase, List.of());
  }

  public List<CellResult> failures() {
    return cells.stream().filter(c -> !c.ok()).toList();
  }

  public Optional<Aggregate> find(final String phase, final String mode, final String protocol) {
    return phase(phase).stream()
        .filter(a -> a.mode().equals(mode) && a.protocol().equals(protocol)).findFirst();
  }

  public List<VsStock> versusStock() {
    final List<VsStock> rows = new ArrayList<>();
    for (final Aggregate a : phase("main")) {
      if (a.mode().equals("stock")) {
        continue;
      }
      find("main", "stock", a.protocol()).ifPresent(s -> rows.add(new VsStock(a.mode(),
          a.protocol(), a.createP50() / s.createP50(), a.createP99() / s.createP99(),
          a.e2eP99() / s.e2eP99(), a.completedPerSecond() / s.completedPerSecond(),
          a.throttledPct(), s.throttledPct(), a.gatewayCores(), s.gatewayCores())));
    }
    return rows;
  }

  public List<RestVsGrpc> restVersusGrpc() {
    final List<RestVsGrpc> rows = new ArrayList<>();
    for (final Aggregate rest : phase("main")) {
      if (!rest.protocol().equals("rest")) {
        continue;
      }
      find("main", rest.mode(), "grpc").ifPresent(grpc -> rows.add(new RestVsGrpc(rest.mode(),
          rest.createP50() / grpc.createP50(), rest.createP99() / grpc.createP99(),
          rest.completeP99() / grpc.completeP99(),
          rest.createStageMeans().getOrDefault("total", Double.NaN)
              / grpc.createStageMeans().getOrDefault("total", Double.NaN),
          rest.totalP50Ms() / grpc.totalP50Ms(),
          rest.gatewayCores() / grpc.gatewayCores())));
    }
    return rows;
  }

  public List<RampStep> ramp() {
    final List<RampStep> steps = new ArrayList<>();
    for (final Aggregate a : phase("ramp")) {
      steps.add(new RampStep(a.mode(), a.protocol(), a.offeredRate(), a.createdPerSecond(),
          a.completedPerSecond(), a.createErrorPct(), a.createP99(), a.throttledPct(),
          a.completedPerSecond() >= SUSTAINED_SHARE * a.offeredRate()
              && a.createErrorPct() < SUSTAINED_MAX_ERROR_PCT));
    }
    steps.sort((x, y) -> x.mode().equals(y.mode()) && x.protocol().equals(y.protocol())
        ? Double.compare(x.offered(), y.offered())
        : (x.mode() + x.protocol()).compareTo(y.mode() + y.protocol()));
    return steps;
  }

  public List<Target> targets() {
    final List<Target> targets = new ArrayList<>();
    targets.add(restP99Target());
    targets.addAll(gatewayAddedTargets());
    targets.add(saturationTarget());
    targets.addAll(amplificationTargets());
    return targets;
  }

  private Target restP99Target() {
    final String name = "REST p99 vs gRPC p99 (patched, create)";
    final String goal = "REST p99 <= 1.3 x gRPC p99";
    final var rest = find("main", "patched", "rest");
    final var grpc = find("main", "patched", "grpc");
    if (rest.isEmpty() || grpc.isEmpty()) {
      return notMeasured(name, goal, "needs mode patched with both protocols");
    }
    final double ratio = rest.get().createP99() / grpc.get().createP99();
    final String measured = f("REST %.2f ms / gRPC %.2f ms = %.2fx", rest.get().createP99(),
        grpc.get().createP99(), ratio);
    return ratio <= 1.3 ? met(name, goal, measured)
        : missed(name, goal, measured, f("missed by %.0f%% (%.2fx instead of <= 1.30x)",
            (ratio / 1.3 - 1) * 100, ratio));
  }

  private List<Target> gatewayAddedTargets() {
    final List<Target> targets = new ArrayList<>();
    for (final String protocol : List.of("rest", "grpc")) {
      final String name = "gateway-added latency p50 (patched, " + protocol + ", create)";
      final String goal = "total minus broker stage, p50 <= 1 ms";
      final var patched = find("main", "patched", protocol);
      if (patched.isEmpty()) {
        continue;
      }
      final Aggregate a = patched.get();
      if (Double.isNaN(a.gatewayAddedP50Ms())) {
        targets.add(notMeasured(name, goal, "no stage timer data"));
        continue;
      }
      final String measured = f("p50 total %.2f - broker %.2f = %.2f ms (means: %.2f ms)",
          a.totalP50Ms(), a.brokerP50Ms(), a.gatewayAddedP50Ms(), a.gatewayAddedMeanMs());
      targets.add(a.gatewayAddedP50Ms() <= 1.0 ? met(name, goal, measured)
          : missed(name, goal, measured, f("missed by %.2f ms", a.gatewayAddedP50Ms() - 1.0)));
    }
    return targets;
  }

  private Target saturationTarget() {
    final String name = "throughput where stock saturates";
    final String goal = "patched >= 2 x stock";
    final List<RampStep> steps = ramp();
    final List<RampStep> stock = steps.stream().filter(s -> s.mode().equals("stock")).toList();
    if (stock.isEmpty() || steps.stream().noneMatch(s -> s.mode().equals("patched"))) {
      return notMeasured(name, goal, "needs the ramp (--ramp r1,r2,... with stock and patched)");
    }
    final String protocol = stock.get(0).protocol();
    final Optional<RampStep> saturated = stock.stream()
        .filter(s -> s.protocol().equals(protocol) && !s.sustained()).findFirst();
    if (saturated.isEmpty()) {
      final double top = stock.stream().mapToDouble(RampStep::offered).max().orElse(0);
      return notMeasured(name, goal, f("stock (%s) sustained every offered rate up to %.0f/s:"
          + " the saturation point was not reached", protocol, top));
    }
    final RampStep s = saturated.get();
    final Optional<RampStep> p = steps.stream().filter(x -> x.mode().equals("patched")
        && x.protocol().equals(protocol) && x.offered() == s.offered()).findFirst();
    if (p.isEmpty()) {
      return notMeasured(name, goal, "patched did not run at " + s.offered() + "/s");
    }
    final double ratio = p.get().completed() / s.completed();
    final String measured = f("at %.0f/s offered (%s): patched %.0f/s vs stock %.0f/s completed"
        + " = %.2fx", s.offered(), protocol, p.get().completed(), s.completed(), ratio);
    return ratio >= 2.0 ? met(name, goal, measured)
        : missed(name, goal, measured, f("missed: %.2fx instead of >= 2x", ratio));
  }

  private List<Target> amplificationTargets() {
    final List<Target> targets = new ArrayList<>();
    final List<Aggregate> overload = phase("overload");
    if (overload.isEmpty()) {
      targets.add(notMeasured("broker requests per client request under backpressure",
          "1.00 in fail-fast", "needs the overload step (--overload)"));
      return targets;
    }
    for (final Aggregate a : overload) {
      if (!a.mode().equals("fail-fast") && !a.mode().equals("patched")) {
        continue;
      }
      final String name = "amplification under backpressure (" + a.mode() + ", " + a.protocol()
          + ")";
      final String goal = "broker requests per client create = 1.00";
      final String stock = find("overload", "stock", a.protocol())
          .map(s -> f(" (stock: %.2f, up to %d)", s.amplification(), partitions)).orElse("");
      final String measured = f("%.2f at %.1f%% errors", a.amplification(), a.createErrorPct())
          + stock;
      targets.add(Math.abs(a.amplification() - 1.0) < 0.005 ? met(name, goal, measured)
          : missed(name, goal, measured, f("missed by %.2f", a.amplification() - 1.0)));
    }
    return targets;
  }

  private static Target met(final String name, final String goal, final String measured) {
    return new Target(name, goal, measured, true, "met");
  }

  private static Target missed(final String name, final String goal, final String measured,
      final String verdict) {
    return new Target(name, goal, measured, false, verdict);
  }

  private static Target notMeasured(final String name, final String goal, final String why) {
    return new Target(name, goal, "-", null, "not measured: " + why);
  }

  static String f(final String format, final Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
