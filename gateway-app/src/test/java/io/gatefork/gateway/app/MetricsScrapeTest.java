package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** After traffic on both APIs, the management port exports every stage and the stock meters. */
class MetricsScrapeTest extends GatewayTestSupport {

  private String get(final String url) throws Exception {
    return HttpClient.newHttpClient()
        .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  @Test
  void prometheusShowsEveryStageForRestAndGrpcAndTheStockMeters() throws Exception {
    for (final boolean rest : List.of(true, false)) {
      try (var client = client(rest)) {
        client.newTopologyRequest().send().join();
        // rejected by the engine (unknown job), yet a full broker round trip through every stage
        assertThatThrownBy(() -> client.newCompleteCommand(2251799813688888L).send().join())
            .hasMessageContaining("NOT_FOUND");
      }
    }

    // a request's stages are recorded just after its response is committed: poll briefly
    await().atMost(Duration.ofSeconds(10)).untilAsserted(this::everyStageIsExported);
    final String scrape = prometheusScrape();
    assertThat(scrape).contains("http_server_requests_seconds_bucket");
    assertThat(scrape).contains("zeebe_gateway_request_latency_seconds_bucket");
    assertThat(scrape).contains("zeebe_gateway_topology_partition_roles");
    assertThat(scrape).contains("grpc_server_handled_total");
    assertThat(scrape).contains("gatefork_api_executor_caller_runs_total");
  }

  private void everyStageIsExported() throws Exception {
    final String scrape = prometheusScrape();
    for (final String api : List.of("rest", "grpc")) {
      for (final String stage :
          List.of("filter", "dispatch", "broker", "queue", "mapping", "write", "total")) {
        assertThat(scrape)
            .as(
                "stage %s of %s in %s",
                stage,
                api,
                scrape
                    .lines()
                    .filter(l -> l.contains("gatefork_request_stage_seconds_count"))
                    .toList())
            .containsPattern(
                "gatefork_request_stage_seconds_bucket\\{api=\""
                    + api
                    + "\",operation=\"complete-job\",stage=\""
                    + stage
                    + "\",le=");
      }
    }
  }

  @Test
  void theApiExecutorIsSizedFromTheProcessorCount() throws Exception {
    final int cores = Runtime.getRuntime().availableProcessors();

    final String max =
        get(
            "http://127.0.0.1:"
                + managementPort
                + "/actuator/metrics/gatefork.api.executor.max.pool.size");
    final String queue =
        get(
            "http://127.0.0.1:"
                + managementPort
                + "/actuator/metrics/gatefork.api.executor.queue.capacity");

    assertThat(max).contains("\"value\":" + (cores * 8) + ".0");
    assertThat(queue).contains("\"value\":64.0");
  }
}
