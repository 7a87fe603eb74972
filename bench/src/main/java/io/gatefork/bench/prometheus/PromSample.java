package io.gatefork.bench.prometheus;

import java.util.Map;

/** One line of the Prometheus text format: name, labels, value. */
public record PromSample(String name, Map<String, String> labels, double value) {
  public String label(final String key) {
    return labels.get(key);
  }
}
