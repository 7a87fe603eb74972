package io.gatefork.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A figure over the rounds of a cell: median, min and max of the rounds that measured it ({@code
 * n}). With one round all three are that round's value.
 */
public record Spread(double median, double min, double max, int n) {
  public static final Spread NONE = new Spread(Double.NaN, Double.NaN, Double.NaN, 0);

  /** NaN and negative values (the harness's "not measured") are left out. */
  public static Spread of(final List<Double> values) {
    final List<Double> v = new ArrayList<>();
    for (final Double d : values) {
      if (d != null && !d.isNaN() && !d.isInfinite() && d >= 0) {
        v.add(d);
      }
    }
    if (v.isEmpty()) {
      return NONE;
    }
    Collections.sort(v);
    final int n = v.size();
    final double median = n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    return new Spread(median, v.get(0), v.get(n - 1), n);
  }

  public boolean measured() {
    return n > 0;
  }
}
