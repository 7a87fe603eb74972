package io.gatefork.gateway.app.grafana;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The series a PromQL expression selects: each metric name with the label names its matchers use.
 * Names are taken as written, suffix included ({@code foo_seconds_bucket}), because that is the
 * series Prometheus stores and the exporter must print: a query on {@code _bucket} needs a
 * histogram, not just a timer. Anything the parser does not know (an unknown function) fails, so no
 * metric can slip past the check unseen.
 */
public final class PromQlSelectors {
  private static final Set<String> FUNCTIONS =
      Set.of(
          "sum",
          "avg",
          "min",
          "max",
          "count",
          "topk",
          "bottomk",
          "quantile",
          "stddev",
          "rate",
          "irate",
          "increase",
          "delta",
          "deriv",
          "histogram_quantile",
          "clamp_min",
          "clamp_max",
          "abs",
          "vector",
          "scalar",
          "sum_over_time",
          "avg_over_time",
          "max_over_time",
          "min_over_time",
          "label_replace");
  // followed by a parenthesised list of label names, not expressions
  private static final Set<String> GROUPINGS =
      Set.of("by", "without", "on", "ignoring", "group_left", "group_right");
  private static final Set<String> OPERATORS = Set.of("and", "or", "unless", "bool", "offset");
  private static final Pattern LABEL_MATCHER =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*(=~|!~|!=|=)\\s*\"(?:[^\"\\\\]|\\\\.)*\"");
  private static final Pattern LABEL_VALUES =
      Pattern.compile("^\\s*label_values\\((.*),\\s*[a-zA-Z_][a-zA-Z0-9_]*\\s*\\)\\s*$");

  private PromQlSelectors() {}

  /** A Grafana variable query: {@code label_values(<selector>, label)} or plain PromQL. */
  public static Map<String, Set<String>> ofVariableQuery(final String query) {
    final var labelValues = LABEL_VALUES.matcher(query);
    return of(labelValues.matches() ? labelValues.group(1) : query);
  }

  public static Map<String, Set<String>> of(final String expr) {
    final Map<String, Set<String>> selected = new LinkedHashMap<>();
    int i = 0;
    while (i < expr.length()) {
      final char c = expr.charAt(i);
      if (Character.isLetter(c) || c == '_' || c == ':') {
        final int start = i;
        while (i < expr.length() && isNameChar(expr.charAt(i))) {
          i++;
        }
        final String name = expr.substring(start, i);
        final int next = skipSpaces(expr, i);
        final boolean call = next < expr.length() && expr.charAt(next) == '(';
        if (GROUPINGS.contains(name)) {
          // "group_left" may stand without a label list
          i = call ? skipPast(expr, next, '(', ')') : next;
        } else if (FUNCTIONS.contains(name) || OPERATORS.contains(name)) {
          // aggregations may put "by (...)" between the name and the call
          continue;
        } else if (call) {
          throw new IllegalArgumentException("unknown PromQL function " + name + " in " + expr);
        } else {
          final Set<String> labels = selected.computeIfAbsent(name, k -> new TreeSet<>());
          if (next < expr.length() && expr.charAt(next) == '{') {
            final int end = skipPast(expr, next, '{', '}');
            final var matchers = LABEL_MATCHER.matcher(expr.substring(next + 1, end - 1));
            while (matchers.find()) {
              labels.add(matchers.group(1));
            }
            i = end;
          }
        }
      } else if (c == '[') {
        i = skipPast(expr, i, '[', ']');
      } else if (c == '"') {
        i = skipString(expr, i);
      } else if (Character.isDigit(c) || c == '.') {
        while (i < expr.length()
            && (Character.isLetterOrDigit(expr.charAt(i)) || expr.charAt(i) == '.')) {
          i++;
        }
      } else {
        i++;
      }
    }
    return selected;
  }

  private static boolean isNameChar(final char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == ':';
  }

  private static int skipSpaces(final String expr, int i) {
    while (i < expr.length() && Character.isWhitespace(expr.charAt(i))) {
      i++;
    }
    return i;
  }

  /** From an opening bracket at {@code i} to just past its closing one, skipping strings. */
  private static int skipPast(final String expr, int i, final char open, final char close) {
    if (i >= expr.length() || expr.charAt(i) != open) {
      throw new IllegalArgumentException("expected '" + open + "' at " + i + " in " + expr);
    }
    int depth = 0;
    while (i < expr.length()) {
      final char c = expr.charAt(i);
      if (c == '"') {
        i = skipString(expr, i);
        continue;
      }
      if (c == open) {
        depth++;
      } else if (c == close && --depth == 0) {
        return i + 1;
      }
      i++;
    }
    throw new IllegalArgumentException("unbalanced '" + open + "' in " + expr);
  }

  private static int skipString(final String expr, int i) {
    i++;
    while (i < expr.length() && expr.charAt(i) != '"') {
      i += expr.charAt(i) == '\\' ? 2 : 1;
    }
    return i + 1;
  }
}
