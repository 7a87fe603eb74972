package io.gatefork.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One figure of a cell against the same figure of a baseline (e.g. patched / stock), over the
 * rounds: the ratio of each round pair (same round number: the two ran next to each other), then
 * their median and min-max. Where only one side has rounds to pair, the range is the widest the two
 * spreads allow. A range that contains 1.0 does not show a difference: {@link #shown()}.
 */
public record Ratio(double median, double min, double max, int pairs) {
  public static final Ratio NONE = new Ratio(Double.NaN, Double.NaN, Double.NaN, 0);

  /** {@code value} and {@code baseline}: round number -> figure. */
  public static Ratio paired(
      final Map<Integer, Double> value, final Map<Integer, Double> baseline) {
    final List<Double> ratios = new ArrayList<>();
    value.forEach(
        (round, v) -> {
          final Double b = baseline.get(round);
          if (usable(v) && b != null && usable(b) && b > 0) {
            ratios.add(v / b);
          }
        });
    if (!ratios.isEmpty()) {
      final Spread s = Spread.of(ratios);
      return new Ratio(s.median(), s.min(), s.max(), s.n());
    }
    final Spread a = Spread.of(List.copyOf(value.values()));
    final Spread b = Spread.of(List.copyOf(baseline.values()));
    if (!a.measured() || !b.measured() || b.min() <= 0) {
      return NONE;
    }
    return new Ratio(a.median() / b.median(), a.min() / b.max(), a.max() / b.min(), 0);
  }

  private static boolean usable(final double v) {
    return !Double.isNaN(v) && !Double.isInfinite(v) && v >= 0;
  }

  public boolean measured() {
    return !Double.isNaN(median);
  }

  /** The whole range is on one side of 1.0. */
  public boolean shown() {
    return measured() && (min > 1.0 || max < 1.0);
  }
}
