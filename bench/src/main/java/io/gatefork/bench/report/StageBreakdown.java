package io.gatefork.bench.report;

import io.gatefork.bench.prometheus.BucketHistogram;
import io.gatefork.bench.prometheus.MetricsSnapshot;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Per-operation, per-stage figures of one window from two scrapes of the stage timer. */
public final class StageBreakdown {
  public static final String METRIC = "gatefork_request_stage_seconds";
  public static final List<String> STAGES =
      List.of("filter", "dispatch", "broker", "queue", "mapping", "write", "total");

  private StageBreakdown() {}

  /** operation -> stage -> figures, for {@code api} ("rest" or "grpc"), stages with data only. */
  public static Map<String, Map<String, StageStat>> between(
      final MetricsSnapshot before, final MetricsSnapshot after, final String api) {
    final Map<String, Map<String, StageStat>> result = new TreeMap<>();
    for (final Map<String, String> labels :
        after.labelSets(METRIC + "_count", List.of("api", "operation", "stage"))) {
      if (!api.equals(labels.get("api"))) {
        continue;
      }
      final BucketHistogram diff =
          after.histogram(METRIC, labels).minus(before.histogram(METRIC, labels));
      if (diff.count() <= 0) {
        continue;
      }
      result
          .computeIfAbsent(labels.get("operation"), k -> new TreeMap<>())
          .put(
              labels.get("stage"),
              new StageStat(
                  (long) diff.count(),
                  diff.mean() * 1000,
                  diff.quantile(0.50) * 1000,
                  diff.quantile(0.99) * 1000));
    }
    return result;
  }
}
