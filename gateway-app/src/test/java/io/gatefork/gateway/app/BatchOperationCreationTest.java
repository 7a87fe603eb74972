package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.BatchOperationIntent;
import io.gatefork.broker.dev.JournalRecord;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The four batch operation creations from a search filter are broker commands: each leaves a
 * BATCH_OPERATION_CREATION CREATED record carrying its type and the filter, and the broker (whose
 * embedded search finds nothing) then finishes the operation without stalling the partition.
 */
class BatchOperationCreationTest extends GatewayTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();

  private JournalRecord awaitCreated(final long batchOperationKey) {
    return awaitRecord(
        r ->
            r.key() == batchOperationKey
                && r.is(
                    RecordType.EVENT,
                    ValueType.BATCH_OPERATION_CREATION,
                    BatchOperationIntent.CREATED));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          cancellation        | CANCEL_PROCESS_INSTANCE  | {"filter": {"processDefinitionId": "batch-cancel", "state": "ACTIVE"}}
          incident-resolution | RESOLVE_INCIDENT         | {"filter": {"processInstanceKey": {"$in": ["2251799813685249", "2251799813685250"]}}}
          migration           | MIGRATE_PROCESS_INSTANCE | {"filter": {"processDefinitionKey": "2251799813685251"}, "migrationPlan": {"targetProcessDefinitionKey": "2251799813685252", "mappingInstructions": [{"sourceElementId": "a", "targetElementId": "b"}]}}
          modification        | MODIFY_PROCESS_INSTANCE  | {"filter": {"processDefinitionId": {"$like": "batch-*"}, "$or": [{"hasIncident": true}, {"tags": ["vip"]}]}, "moveInstructions": [{"sourceElementId": "a", "targetElementId": "b"}]}
          """)
  void restCreationIsABrokerCommandThatTheBrokerAccepts(
      final String path, final String type, final String body) throws Exception {
    final var response =
        new RestCalls(baseUrl()).send("POST", "/v2/process-instances/" + path, body);

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    final JsonNode answer = JSON.readTree(response.body());
    assertThat(answer.path("batchOperationType").asText()).isEqualTo(type);
    final long key = Long.parseLong(answer.path("batchOperationKey").asText());
    final JournalRecord created = awaitCreated(key);
    assertThat(created.valueJson())
        .contains("\"batchOperationType\":\"" + type + "\"")
        .contains("\"entityFilter\":");
    // Not awaited here: its COMPLETED event. The engine's batch scheduler finishes it (no items:
    // the embedded broker has no search), but it runs batch operations one after another, so in
    // the shared test broker one left suspended by another test delays it without bound.
  }

  @Test
  void aFilterWithoutCriteriaIsRefusedBeforeTheBroker() throws Exception {
    final var response =
        new RestCalls(baseUrl())
            .send("POST", "/v2/process-instances/cancellation", "{\"filter\": {}}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("filter").contains("at least one criterion");
  }

  /** What each endpoint needs besides the filter, valid, so that only the filter is at fault. */
  private static final Map<String, String> PLANS =
      Map.of(
          "cancellation",
          "",
          "incident-resolution",
          "",
          "migration",
          ", \"migrationPlan\": {\"targetProcessDefinitionKey\": \"2251799813685252\","
              + " \"mappingInstructions\": [{\"sourceElementId\": \"a\", \"targetElementId\": \"b\"}]}",
          "modification",
          ", \"moveInstructions\": [{\"sourceElementId\": \"a\", \"targetElementId\": \"b\"}]");

  /**
   * Issue #23: a filter that constrains nothing one level down, or only through null operator
   * values, is as much "every instance" as {@code {}}: refused naming the part, before the broker.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"cancellation", "incident-resolution", "migration", "modification"})
  void aFilterThatConstrainsNothingSomewhereIsRefusedBeforeTheBroker(final String path)
      throws Exception {
    final var rest = new RestCalls(baseUrl());
    final Map<String, String> refused = new LinkedHashMap<>();
    refused.put("{\"$or\": [{}]}", "filter.$or[0]: must select by at least one criterion");
    refused.put(
        "{\"processDefinitionId\": {\"$eq\": null}}",
        "filter: must select by at least one criterion");
    refused.put("{\"state\": null}", "filter: must select by at least one criterion");
    refused.put(
        "{\"$or\": [{\"processDefinitionId\": null}]}",
        "filter.$or[0]: must select by at least one criterion");
    refused.put(
        "{\"processDefinitionId\": \"batch-vacuous\","
            + " \"$or\": [{\"hasIncident\": true}, {\"tenantId\": {\"$in\": [], \"$eq\": null}}]}",
        "filter.$or[1]: must select by at least one criterion");
    final double before = batchCreationRequestsSent();

    for (final var filter : refused.entrySet()) {
      final var response =
          rest.send(
              "POST",
              "/v2/process-instances/" + path,
              "{\"filter\": " + filter.getKey() + PLANS.get(path) + "}");

      assertThat(response.statusCode())
          .as(filter.getKey() + " -> " + response.body())
          .isEqualTo(400);
      assertThat(response.headers().firstValue("Content-Type"))
          .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
      final JsonNode problem = JSON.readTree(response.body());
      assertThat(problem.path("title").asText()).isEqualTo("INVALID_ARGUMENT");
      assertThat(problem.path("detail").asText()).as(filter.getKey()).contains(filter.getValue());
    }
    assertThat(batchCreationRequestsSent())
        .as("batch creations sent to the broker")
        .isEqualTo(before);

    // the control: the same endpoint and plan with a real filter does reach the broker
    final var accepted =
        rest.send(
            "POST",
            "/v2/process-instances/" + path,
            "{\"filter\": {\"$or\": [{\"processDefinitionId\": \"batch-control\"}]}"
                + PLANS.get(path)
                + "}");
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
    assertThat(batchCreationRequestsSent()).isGreaterThan(before);
  }

  /**
   * The gateway's count of batch creation commands sent to the brokers (every partition, every
   * attempt), from the Prometheus scrape: {@code zeebe_gateway_total_requests_total}.
   */
  private double batchCreationRequestsSent() throws Exception {
    return prometheusScrape()
        .lines()
        .filter(l -> l.startsWith("zeebe_gateway_total_requests_total{"))
        .filter(l -> l.contains("requestType=\"BATCH_OPERATION_CREATION#"))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .sum();
  }

  @Test
  void officialClientCreatesACancellationBatchOperation() {
    try (var client = client(true)) {
      final var created =
          client
              .newCreateBatchOperationCommand()
              .processInstanceCancel()
              .filter(f -> f.processDefinitionId("batch-client"))
              .send()
              .join();

      awaitCreated(Long.parseLong(created.getBatchOperationKey()));
    }
  }
}
