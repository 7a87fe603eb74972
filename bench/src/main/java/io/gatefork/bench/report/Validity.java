package io.gatefork.bench.report;

import io.gatefork.bench.config.ValidityRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether one cell's latency measures the gateway ({@link ValidityRule}); {@code reasons} says
 * which limit a cell broke. A cell without the figures a rule needs is not judged by that rule.
 */
public record Validity(boolean valid, List<String> reasons) {
  public static Validity of(final CellResult cell, final ValidityRule rule) {
    final List<String> reasons = new ArrayList<>();
    final double loadSide =
        cell.loadSideBusyPct() >= 0 ? cell.loadSideBusyPct() : cell.machineCpuBusyPct();
    if (loadSide > rule.maxLoadSideBusyPct()) {
      reasons.add(
          String.format(
              Locale.ROOT,
              "broker/load CPUs %.0f %% > %.0f %%",
              loadSide,
              rule.maxLoadSideBusyPct()));
    }
    final double brokerP50 = Aggregate.stage(cell, "broker").p50Ms();
    if (!Double.isNaN(brokerP50) && brokerP50 > rule.maxBrokerStageP50Ms()) {
      reasons.add(
          String.format(
              Locale.ROOT,
              "broker stage p50 %.1f ms > %.1f ms",
              brokerP50,
              rule.maxBrokerStageP50Ms()));
    }
    return new Validity(reasons.isEmpty(), List.copyOf(reasons));
  }
}
