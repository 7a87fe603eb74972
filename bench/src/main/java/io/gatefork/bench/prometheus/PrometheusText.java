package io.gatefork.bench.prometheus;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the Prometheus text exposition format (version 0.0.4, what Spring Boot's {@code
 * /actuator/prometheus} answers): comments are skipped, label values are unescaped, {@code +Inf},
 * {@code -Inf} and {@code NaN} are understood, a trailing timestamp is ignored.
 */
public final class PrometheusText {
  private PrometheusText() {}

  public static List<PromSample> parse(final String text) {
    final List<PromSample> samples = new ArrayList<>();
    int lineNo = 0;
    for (final String raw : text.split("\n")) {
      lineNo++;
      final String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      try {
        samples.add(parseLine(line));
      } catch (final RuntimeException e) {
        throw new IllegalArgumentException("line " + lineNo + " is not a sample: " + line, e);
      }
    }
    return samples;
  }

  static PromSample parseLine(final String line) {
    int i = 0;
    while (i < line.length() && line.charAt(i) != '{' && !Character.isWhitespace(line.charAt(i))) {
      i++;
    }
    final String name = line.substring(0, i);
    if (name.isEmpty()) {
      throw new IllegalArgumentException("no metric name");
    }
    Map<String, String> labels = Map.of();
    if (i < line.length() && line.charAt(i) == '{') {
      labels = new LinkedHashMap<>();
      i = parseLabels(line, i + 1, labels);
      labels = Collections.unmodifiableMap(labels);
    }
    final String[] rest = line.substring(i).strip().split("\\s+");
    return new PromSample(name, labels, parseValue(rest[0]));
  }

  /** Parses {@code a="x",b="y"}} from {@code start}; returns the index after the closing brace. */
  private static int parseLabels(
      final String line, final int start, final Map<String, String> into) {
    int i = start;
    while (true) {
      while (i < line.length() && (line.charAt(i) == ',' || line.charAt(i) == ' ')) {
        i++;
      }
      if (line.charAt(i) == '}') {
        return i + 1;
      }
      final int eq = line.indexOf('=', i);
      final String key = line.substring(i, eq).strip();
      if (line.charAt(eq + 1) != '"') {
        throw new IllegalArgumentException("label value of " + key + " is not quoted");
      }
      final StringBuilder value = new StringBuilder();
      i = eq + 2;
      while (line.charAt(i) != '"') {
        char c = line.charAt(i);
        if (c == '\\') {
          final char next = line.charAt(++i);
          c = next == 'n' ? '\n' : next;
        }
        value.append(c);
        i++;
      }
      into.put(key, value.toString());
      i++;
    }
  }

  static double parseValue(final String text) {
    return switch (text) {
      case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      case "NaN" -> Double.NaN;
      default -> Double.parseDouble(text);
    };
  }
}
