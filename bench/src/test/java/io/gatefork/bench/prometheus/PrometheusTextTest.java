package io.gatefork.bench.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {
  @Test
  void parsesNamesLabelsAndValuesAndSkipsComments() {
    final var samples =
        PrometheusText.parse(
            """
        # HELP zeebe_gateway_total_requests_total Number of requests
        # TYPE zeebe_gateway_total_requests_total counter
        zeebe_gateway_total_requests_total{partition="1",requestType="PROCESS_INSTANCE_CREATION#CREATE",} 42.0
        jvm_threads_live_threads 31
        process_uptime_seconds 12.5 1700000000000
        """);
    assertThat(samples).hasSize(3);
    assertThat(samples.get(0).name()).isEqualTo("zeebe_gateway_total_requests_total");
    assertThat(samples.get(0).labels())
        .containsExactly(
            Map.entry("partition", "1"),
            Map.entry("requestType", "PROCESS_INSTANCE_CREATION#CREATE"));
    assertThat(samples.get(0).value()).isEqualTo(42.0);
    assertThat(samples.get(1).labels()).isEmpty();
    assertThat(samples.get(2).value()).isEqualTo(12.5);
  }

  @Test
  void unescapesLabelValuesAndReadsSpecialValues() {
    final var samples =
        PrometheusText.parse(
            """
        m{path="/a \\"b\\", c",le="+Inf"} +Inf
        m{path="x\\\\y"} NaN
        m{path="z"} -Inf
        """);
    assertThat(samples.get(0).label("path")).isEqualTo("/a \"b\", c");
    assertThat(samples.get(0).label("le")).isEqualTo("+Inf");
    assertThat(samples.get(0).value()).isInfinite();
    assertThat(samples.get(1).label("path")).isEqualTo("x\\y");
    assertThat(samples.get(1).value()).isNaN();
    assertThat(samples.get(2).value()).isEqualTo(Double.NEGATIVE_INFINITY);
  }

  @Test
  void aBrokenLineNamesItsLineNumber() {
    assertThatThrownBy(() -> PrometheusText.parse("ok 1\nbroken{a=b} 1\n"))
        .hasMessageContaining("line 2");
  }

  @Test
  void sumsAcrossSeriesThatPassTheFilter() {
    final var snapshot =
        MetricsSnapshot.parse(
            """
        zeebe_gateway_total_requests_total{partition="1",requestType="PROCESS_INSTANCE_CREATION#CREATE"} 10
        zeebe_gateway_total_requests_total{partition="2",requestType="PROCESS_INSTANCE_CREATION#CREATE"} 5
        zeebe_gateway_total_requests_total{partition="1",requestType="JOB#COMPLETE"} 7
        """);
    assertThat(
            snapshot.sum(
                "zeebe_gateway_total_requests_total",
                l -> l.get("requestType").equals("PROCESS_INSTANCE_CREATION#CREATE")))
        .isEqualTo(15);
    assertThat(snapshot.sum("zeebe_gateway_total_requests_total")).isEqualTo(22);
    assertThat(snapshot.sum("absent")).isZero();
  }
}
