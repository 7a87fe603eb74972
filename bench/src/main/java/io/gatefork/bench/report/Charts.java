package io.gatefork.bench.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.Styler.LegendPosition;

/** The run's charts as PNG (XChart, headless). */
public final class Charts {
  public static final String LATENCY = "latency-percentiles.png";
  public static final String STAGES = "stage-breakdown.png";
  public static final String THROTTLING = "throughput-vs-throttling.png";
  public static final String CPU_PER_INSTANCE = "cpu-per-instance.png";

  private static final List<String> STACKED_STAGES =
      List.of("filter", "dispatch", "broker", "queue", "mapping", "write");

  private Charts() {}

  /** Writes the charts that have data; returns the files written. */
  public static List<Path> write(final Analysis analysis, final Path dir) throws IOException {
    System.setProperty("java.awt.headless", "true");
    final List<Path> written = new ArrayList<>();
    final List<Aggregate> main = analysis.phase("main");
    final List<Aggregate> costed = new ArrayList<>(main);
    costed.addAll(analysis.phase("saturation"));
    if (costed.stream().anyMatch(a -> a.cpuPerInstanceUs().measured())) {
      written.add(save(cpuPerInstance(costed), dir.resolve(CPU_PER_INSTANCE)));
    }
    if (!main.isEmpty()) {
      written.add(save(latency(main), dir.resolve(LATENCY)));
      written.add(save(stages(main), dir.resolve(STAGES)));
    }
    final Map<String, List<Aggregate>> points = throttlingPoints(analysis);
    if (!points.isEmpty()) {
      written.add(save(throttling(points), dir.resolve(THROTTLING)));
    }
    return written;
  }

  /**
   * Gateway CPU per completed instance: one bar group per phase and mode, one bar per protocol (and
   * process); bar = median of the rounds, whisker = the larger distance to min or max (XChart draws
   * symmetric error bars only).
   */
  static CategoryChart cpuPerInstance(final List<Aggregate> rows) {
    final CategoryChart chart =
        new CategoryChartBuilder()
            .width(1100)
            .height(560)
            .title("gateway CPU per process instance (median of rounds; whisker: to min/max)")
            .xAxisTitle("phase / mode")
            .yAxisTitle("µs per instance")
            .build();
    style(chart);
    final List<String> groups =
        rows.stream()
            .map(a -> a.phase() + " " + a.mode() + " " + Math.round(a.offeredRate()) + "/s")
            .distinct()
            .toList();
    final Map<String, Map<String, Aggregate>> bySeries = new LinkedHashMap<>();
    for (final Aggregate a : rows) {
      bySeries
          .computeIfAbsent(
              a.protocol() + (a.tasks() > 1 ? " " + a.tasks() + "-task" : ""),
              k -> new LinkedHashMap<>())
          .put(a.phase() + " " + a.mode() + " " + Math.round(a.offeredRate()) + "/s", a);
    }
    bySeries.forEach(
        (series, byGroup) -> {
          final List<Double> medians = new ArrayList<>();
          final List<Double> whiskers = new ArrayList<>();
          for (final String group : groups) {
            final Aggregate a = byGroup.get(group);
            final Spread s = a == null ? Spread.NONE : a.cpuPerInstanceUs();
            medians.add(s.measured() ? s.median() : 0.0);
            whiskers.add(s.measured() ? Math.max(s.max() - s.median(), s.median() - s.min()) : 0.0);
          }
          chart.addSeries(series, groups, medians, whiskers);
        });
    return chart;
  }

  static CategoryChart latency(final List<Aggregate> rows) {
    final CategoryChart chart =
        new CategoryChartBuilder()
            .width(1100)
            .height(560)
            .title("create-process-instance latency (client side)")
            .xAxisTitle("mode / protocol")
            .yAxisTitle("ms")
            .build();
    style(chart);
    final List<String> keys = rows.stream().map(Aggregate::key).toList();
    chart.addSeries("p50", keys, rows.stream().map(a -> zero(a.createP50())).toList());
    chart.addSeries("p95", keys, rows.stream().map(a -> zero(a.createP95())).toList());
    chart.addSeries("p99", keys, rows.stream().map(a -> zero(a.createP99())).toList());
    return chart;
  }

  static CategoryChart stages(final List<Aggregate> rows) {
    final CategoryChart chart =
        new CategoryChartBuilder()
            .width(1100)
            .height(560)
            .title("create-process-instance by stage (gateway timer, mean)")
            .xAxisTitle("mode / protocol")
            .yAxisTitle("ms")
            .build();
    style(chart);
    chart.getStyler().setStacked(true);
    final List<String> keys = rows.stream().map(Aggregate::key).toList();
    for (final String stage : STACKED_STAGES) {
      chart.addSeries(
          stage,
          keys,
          rows.stream().map(a -> zero(a.createStageMeans().getOrDefault(stage, 0.0))).toList());
    }
    return chart;
  }

  /** One series per mode/protocol and phase; ramp series have one point per offered rate. */
  static Map<String, List<Aggregate>> throttlingPoints(final Analysis analysis) {
    final Map<String, List<Aggregate>> series = new LinkedHashMap<>();
    for (final String phase : List.of("main", "saturation", "sweep", "ramp")) {
      for (final Aggregate a : analysis.phase(phase)) {
        if (a.throttledPct() >= 0 && !Double.isNaN(a.throttledPct())) {
          final String name = (phase.equals("main") ? "" : phase + " ") + a.key();
          series.computeIfAbsent(name, k -> new ArrayList<>()).add(a);
        }
      }
    }
    return series;
  }

  static XYChart throttling(final Map<String, List<Aggregate>> series) {
    final XYChart chart =
        new XYChartBuilder()
            .width(1100)
            .height(560)
            .title("throughput against CPU throttling of the gateway")
            .xAxisTitle("throttled CFS periods %")
            .yAxisTitle("completed instances / s")
            .build();
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
    chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
    chart.getStyler().setMarkerSize(10);
    series.forEach(
        (name, points) ->
            chart.addSeries(
                name,
                points.stream().map(Aggregate::throttledPct).toList(),
                points.stream().map(Aggregate::completedPerSecond).toList()));
    return chart;
  }

  private static void style(final CategoryChart chart) {
    chart.getStyler().setErrorBarsColor(java.awt.Color.DARK_GRAY);
    chart.getStyler().setLegendPosition(LegendPosition.InsideNW);
    chart.getStyler().setXAxisLabelRotation(30);
    chart.getStyler().setYAxisDecimalPattern("#0.0");
  }

  private static double zero(final double value) {
    return Double.isNaN(value) || value < 0 ? 0 : value;
  }

  private static Path save(
      final org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, final Path file)
      throws IOException {
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapFormat.PNG);
    return file;
  }
}
