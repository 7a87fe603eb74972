package io.gatefork.dist;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.BatchOperationIntent;
import io.gatefork.broker.embedded.JournalRecord;
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
