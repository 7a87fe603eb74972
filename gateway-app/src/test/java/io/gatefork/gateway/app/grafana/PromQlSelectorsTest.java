package io.gatefork.gateway.app.grafana;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PromQlSelectorsTest {

  @Test
  void findsEveryMetricWithItsMatcherLabelsButNoFunctionsGroupingsOrNumbers() {
    final var selected =
        PromQlSelectors.of(
            "histogram_quantile(0.99, sum by (api, le) (rate(foo_seconds_bucket{job=~\"$job\","
                + " stage!=\"total\", uri=~\"/v2/{x}.*\"}[$__rate_interval])))"
                + " / on (job, instance) group_left bar_total * 1e3 + baz");

    assertThat(selected)
        .isEqualTo(
            Map.of(
                "foo_seconds_bucket", Set.of("job", "stage", "uri"),
                "bar_total", Set.of(),
                "baz", Set.of()));
  }

  @Test
  void aggregationWithGroupingAfterTheCallAndComparisons() {
    assertThat(PromQlSelectors.of("count(roles{instance=~\"$i\"} == 3) by (instance)"))
        .isEqualTo(Map.of("roles", Set.of("instance")));
  }

  @Test
  void variableQueriesSelectTheirFirstArgument() {
    assertThat(PromQlSelectors.ofVariableQuery("label_values(foo_active{job=~\"$job\"}, instance)"))
        .isEqualTo(Map.of("foo_active", Set.of("job")));
  }

  @Test
  void anUnknownFunctionIsAnErrorNotAMetric() {
    assertThatThrownBy(() -> PromQlSelectors.of("predict_linear(foo[5m], 60)"))
        .hasMessageContaining("predict_linear");
  }
}
