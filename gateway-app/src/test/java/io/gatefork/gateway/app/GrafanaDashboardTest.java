package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.gateway.app.grafana.PromQlSelectors;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * dist/grafana/gatefork.json queries only what the gateway exports: after REST and gRPC traffic (a
 * job cycle, an engine rejection, an expired broker request), every series name its panels and
 * variables select is on /actuator/prometheus, with every label its matchers use.
 */
class GrafanaDashboardTest extends GatewayTestSupport {
  private static final Path DASHBOARD = Path.of("..", "dist", "grafana", "gatefork.json");
  // added by Prometheus when it scrapes, not by the application
  private static final Set<String> TARGET_LABELS = Set.of("job", "instance");
  private static final Pattern SERIES_LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"");

  private final ObjectMapper json = new ObjectMapper();

  @Test
  void everySeriesTheDashboardQueriesIsExportedWithTheLabelsItMatches() throws Exception {
    final JsonNode dashboard = json.readTree(Files.readString(DASHBOARD));
    final Map<String, Set<String>> queried = queriedSeries(dashboard);
    assertThat(queried)
        .as("series the dashboard queries")
        .containsKeys(
            "gatefork_request_stage_seconds_bucket",
            "gatefork_api_executor_caller_runs_total",
            "zeebe_gateway_request_latency_seconds_bucket",
            "http_server_requests_seconds_bucket",
            "grpc_server_handled_total");

    for (final boolean rest : List.of(true, false)) {
      driveTraffic(rest);
    }
    expireABrokerRequest();

    // meters appear with their first use, some just after the response: poll briefly
    await()
        .atMost(Duration.ofSeconds(15))
        .untilAsserted(
            () -> {
              final Map<String, Set<String>> exported = exportedSeries();
              final Map<String, String> problems = new TreeMap<>();
              queried.forEach(
                  (name, labels) -> {
                    if (!exported.containsKey(name)) {
                      problems.put(name, "not exported");
                    } else {
                      final Set<String> missing = new TreeSet<>(labels);
                      missing.removeAll(TARGET_LABELS);
                      missing.removeAll(exported.get(name));
                      if (!missing.isEmpty()) {
                        problems.put(name, "exported without label(s) " + missing);
                      }
                    }
                  });
              assertThat(problems).as("dashboard series the gateway does not export").isEmpty();
            });
  }

  @Test
  void dashboardPicksItsPrometheusDatasourceAndStacksTheStagesPerApi() throws Exception {
    final JsonNode dashboard = json.readTree(Files.readString(DASHBOARD));
    final JsonNode datasource = dashboard.at("/templating/list/0");
    assertThat(datasource.path("type").asText()).isEqualTo("datasource");
    assertThat(datasource.path("query").asText()).isEqualTo("prometheus");

    final List<String> stackedStagePanels = new ArrayList<>();
    for (final JsonNode panel : panels(dashboard)) {
      for (final JsonNode target : panel.path("targets")) {
        assertThat(target.at("/datasource/uid").asText())
            .as(panel.path("title").asText())
            .isEqualTo("${datasource}");
        final String expr = target.path("expr").asText();
        if (expr.contains("gatefork_request_stage_seconds_sum")
            && expr.contains("by (stage)")
            && "normal".equals(panel.at("/fieldConfig/defaults/custom/stacking/mode").asText())) {
          stackedStagePanels.add(
              expr.contains("api=\"rest\"")
                  ? "rest"
                  : expr.contains("api=\"grpc\"") ? "grpc" : "?");
        }
      }
    }
    assertThat(stackedStagePanels).containsExactlyInAnyOrder("rest", "grpc");
  }

  private static List<JsonNode> panels(final JsonNode dashboard) {
    final List<JsonNode> panels = new ArrayList<>();
    for (final JsonNode panel : dashboard.path("panels")) {
      panels.add(panel);
      panel.path("panels").forEach(panels::add); // collapsed rows keep theirs inside
    }
    return panels;
  }

  private static Map<String, Set<String>> queriedSeries(final JsonNode dashboard) {
    final Map<String, Set<String>> queried = new TreeMap<>();
    for (final JsonNode panel : panels(dashboard)) {
      for (final JsonNode target : panel.path("targets")) {
        PromQlSelectors.of(target.path("expr").asText())
            .forEach(
                (name, labels) ->
                    queried.computeIfAbsent(name, k -> new TreeSet<>()).addAll(labels));
      }
    }
    for (final JsonNode variable : dashboard.at("/templating/list")) {
      if ("query".equals(variable.path("type").asText())) {
        final JsonNode query = variable.path("query");
        PromQlSelectors.ofVariableQuery(
                query.isTextual() ? query.asText() : query.path("query").asText())
            .forEach(
                (name, labels) ->
                    queried.computeIfAbsent(name, k -> new TreeSet<>()).addAll(labels));
      }
    }
    return queried;
  }

  /** Series name to the label names it is exported with, from the Prometheus text format. */
  private Map<String, Set<String>> exportedSeries() throws Exception {
    final String scrape = prometheusScrape();
    final Map<String, Set<String>> series = new TreeMap<>();
    scrape
        .lines()
        .filter(l -> !l.isBlank() && !l.startsWith("#"))
        .forEach(
            line -> {
              final int brace = line.indexOf('{');
              final int space = line.indexOf(' ');
              final int end = brace >= 0 && (space < 0 || brace < space) ? brace : space;
              final Set<String> labels =
                  series.computeIfAbsent(line.substring(0, end), k -> new TreeSet<>());
              if (end == brace) {
                final var matcher =
                    SERIES_LABEL.matcher(line.substring(brace, line.lastIndexOf('}')));
                while (matcher.find()) {
                  labels.add(matcher.group(1));
                }
              }
            });
    return series;
  }

  /**
   * Topology, a deployment, an instance whose job is activated and completed (no backpressure in
   * this broker), and an engine rejection.
   */
  private void driveTraffic(final boolean rest) {
    final String id = "dashboard-" + (rest ? "rest" : "grpc");
    try (CamundaClient client = client(rest)) {
      client.newTopologyRequest().send().join();
      distributed(
          client
              .newDeployResourceCommand()
              .addProcessModel(ProcessFixtures.taskProcess(id, id), id + ".bpmn")
              .send()
              .join());
      final long instanceKey =
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(id)
              .latestVersion()
              .send()
              .join()
              .getProcessInstanceKey();

      final List<ActivatedJob> jobs = new ArrayList<>();
      await()
          .atMost(Duration.ofSeconds(20))
          .until(
              () -> {
                jobs.addAll(
                    client
                        .newActivateJobsCommand()
                        .jobType(id)
                        .maxJobsToActivate(1)
                        .requestTimeout(Duration.ofSeconds(2))
                        .send()
                        .join()
                        .getJobs());
                return !jobs.isEmpty();
              });
      client.newCompleteCommand(jobs.get(0)).send().join();
      awaitRecord(
          r ->
              r.key() == instanceKey
                  && r.is(
                      RecordType.EVENT,
                      ValueType.PROCESS_INSTANCE,
                      ProcessInstanceIntent.ELEMENT_COMPLETED));

      assertThatThrownBy(() -> client.newCompleteCommand(2251799813688888L).send().join())
          .hasMessageContaining("NOT_FOUND");
    }
  }

  /**
   * A broker request whose deadline has passed before it is sent: the broker client's own TIMEOUT
   * failure, which registers the failed-requests counter (a healthy cluster answers every client
   * request, and the routing refuses unknown partitions before the counter).
   */
  private void expireABrokerRequest() {
    final var result =
        brokerClient.send(
            BrokerRequests.completeJob(2251799813688888L, new JobRecord()), Duration.ofNanos(1));
    assertThatThrownBy(result::join).hasCauseInstanceOf(BrokerClientException.Timeout.class);
  }
}
