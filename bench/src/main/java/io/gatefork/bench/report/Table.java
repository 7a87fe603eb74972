package io.gatefork.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A Markdown table, built row by row. */
final class Table {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  Table(final String... header) {
    this.header = List.of(header);
  }

  Table row(final Object... cells) {
    final List<String> row = new ArrayList<>();
    for (final Object cell : cells) {
      row.add(cell == null ? "–" : cell.toString().replace("|", "\\|"));
    }
    rows.add(row);
    return this;
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  String render() {
    final StringBuilder out = new StringBuilder();
    out.append("| ").append(String.join(" | ", header)).append(" |\n");
    out.append("|").append("---|".repeat(header.size())).append('\n');
    for (final List<String> row : rows) {
      out.append("| ").append(String.join(" | ", row)).append(" |\n");
    }
    return out.toString();
  }

  /** {@code value} with {@code decimals} places; "–" for NaN or negative sentinels. */
  static String num(final double value, final int decimals) {
    if (Double.isNaN(value) || Double.isInfinite(value) || value < 0) {
      return "–";
    }
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  /** "median [min–max]", or the one value when min = max. */
  static String spread(final Spread s, final int decimals) {
    if (!s.measured()) {
      return "–";
    }
    final String median = num(s.median(), decimals);
    return s.n() == 1 || num(s.min(), decimals).equals(num(s.max(), decimals))
        ? median
        : median + " [" + num(s.min(), decimals) + "–" + num(s.max(), decimals) + "]";
  }

  /** "0.62x [0.55–0.70]"; "not shown" when the range contains 1.0. */
  static String ratio(final Ratio r) {
    if (!r.measured()) {
      return "–";
    }
    final String text =
        String.format(Locale.ROOT, "%.2fx", r.median())
            + (r.min() == r.max()
                ? ""
                : String.format(Locale.ROOT, " [%.2f–%.2f]", r.min(), r.max()));
    return r.shown() ? text : text + " not shown";
  }

  static String ratio(final double value) {
    return Double.isNaN(value) || Double.isInfinite(value)
        ? "–"
        : String.format(Locale.ROOT, "%.2fx", value);
  }
}
