package io.gatefork.bench.prometheus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/** One scrape of a gateway's {@code /actuator/prometheus}, with the lookups the harness needs. */
public record MetricsSnapshot(List<PromSample> samples) {
  public static final MetricsSnapshot EMPTY = new MetricsSnapshot(List.of());

  public static MetricsSnapshot parse(final String text) {
    return new MetricsSnapshot(PrometheusText.parse(text));
  }

  /** Sum of every sample called {@code name} whose labels pass {@code filter}. */
  public double sum(final String name, final Predicate<Map<String, String>> filter) {
    double total = 0;
    for (final PromSample sample : samples) {
      if (sample.name().equals(name) && filter.test(sample.labels())) {
        total += sample.value();
      }
    }
    return total;
  }

  public double sum(final String name) {
    return sum(name, labels -> true);
  }

  public boolean has(final String name) {
    return samples.stream().anyMatch(s -> s.name().equals(name));
  }

  /**
   * The histogram {@code base} (samples {@code base_bucket}, {@code base_sum}, {@code base_count})
   * over every series carrying the given labels (others, e.g. common tags, are summed over).
   */
  public BucketHistogram histogram(final String base, final Map<String, String> labels) {
    final TreeMap<Double, Double> buckets = new TreeMap<>();
    double sum = 0;
    double count = 0;
    for (final PromSample sample : samples) {
      if (!sample.name().startsWith(base)) {
        continue;
      }
      final String suffix = sample.name().substring(base.length());
      switch (suffix) {
        case "_bucket" -> {
          if (matchesExceptLe(sample.labels(), labels)) {
            buckets.merge(
                PrometheusText.parseValue(sample.label("le")), sample.value(), Double::sum);
          }
        }
        case "_sum" -> {
          if (contains(sample.labels(), labels)) {
            sum += sample.value();
          }
        }
        case "_count" -> {
          if (contains(sample.labels(), labels)) {
            count += sample.value();
          }
        }
        default -> {}
      }
    }
    final List<BucketHistogram.Bucket> list = new ArrayList<>();
    buckets.forEach((le, cumulative) -> list.add(new BucketHistogram.Bucket(le, cumulative)));
    return new BucketHistogram(list, sum, count);
  }

  /** Distinct combinations of the {@code keys} labels over samples called {@code name}, sorted. */
  public List<Map<String, String>> labelSets(final String name, final List<String> keys) {
    final TreeMap<String, Map<String, String>> distinct = new TreeMap<>();
    for (final PromSample sample : samples) {
      if (sample.name().equals(name)) {
        final Map<String, String> picked = new TreeMap<>();
        for (final String key : keys) {
          if (sample.label(key) != null) {
            picked.put(key, sample.label(key));
          }
        }
        distinct.put(picked.toString(), picked);
      }
    }
    return List.copyOf(distinct.values());
  }

  private static boolean matchesExceptLe(
      final Map<String, String> actual, final Map<String, String> wanted) {
    return actual.containsKey("le") && contains(actual, wanted);
  }

  private static boolean contains(
      final Map<String, String> actual, final Map<String, String> wanted) {
    for (final var entry : wanted.entrySet()) {
      if (!entry.getValue().equals(actual.get(entry.getKey()))) {
        return false;
      }
    }
    return true;
  }
}
