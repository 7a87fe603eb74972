package io.gatefork.gateway.app;

import static io.gatefork.gateway.app.ProcessFixtures.dinnerDmn;
import static io.gatefork.gateway.app.ProcessFixtures.startLatest;
import static io.gatefork.gateway.app.ProcessFixtures.taskProcess;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ProblemException;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.AdHocSubProcessInstructionIntent;
import io.camunda.zeebe.protocol.record.intent.BatchOperationIntent;
import io.camunda.zeebe.protocol.record.intent.ClockIntent;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.MessageCorrelationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceMigrationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceModificationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessMessageSubscriptionIntent;
import io.camunda.zeebe.protocol.record.intent.ResourceDeletionIntent;
import io.camunda.zeebe.protocol.record.intent.ResourceIntent;
import io.camunda.zeebe.protocol.record.intent.SignalIntent;
import io.camunda.zeebe.protocol.record.intent.SignalSubscriptionIntent;
import io.camunda.zeebe.protocol.record.intent.UserTaskIntent;
import io.camunda.zeebe.protocol.record.intent.VariableDocumentIntent;
import io.gatefork.broker.dev.JournalRecord;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * Every broker command of the REST API beyond a user's first day, sent over REST (the official
 * client with {@code preferRestOverGrpc}, raw HTTP where it has no command), each checked by the
 * record it left in the broker's log; and the answers of what gatefork does not serve.
 */
class RestCommandSurfaceTest extends GatewayTestSupport {

  private CamundaClient rest() {
    return client(true);
  }

  private RestCalls http() {
    return new RestCalls(baseUrl());
  }

  private JournalRecord awaitActivated(final long processInstanceKey, final String elementId) {
    return awaitRecord(
        r ->
            r.is(
                    RecordType.EVENT,
                    ValueType.PROCESS_INSTANCE,
                    ProcessInstanceIntent.ELEMENT_ACTIVATED)
                && r.valueJson().contains("\"processInstanceKey\":" + processInstanceKey)
                && r.valueJson().contains("\"elementId\":\"" + elementId + "\""));
  }

  @Test
  void patchJobUpdatesRetriesAndTimeoutInOneBrokerCommand() {
    final String id = "update-job-rest";
    try (var client = rest()) {
      deployProcess(client, taskProcess(id, id), id + ".bpmn");
      startLatest(client, id);
      final ActivatedJob job = activateOne(client, id);

      client
          .newUpdateJobCommand(job.getKey())
          .update(5, Duration.ofMinutes(30).toMillis())
          .send()
          .join();

      final var updated = awaitEvent(job.getKey(), ValueType.JOB, JobIntent.UPDATED);
      assertThat(updated.valueJson())
          .contains("\"retries\":5")
          .contains("\"changedAttributes\":[")
          .contains("\"retries\"")
          .contains("\"timeout\"");
      client.newCompleteCommand(job).send().join();
    }
  }

  @Test
  void resolveIncidentOverRestGivesTheJobBack() {
    final String id = "incident-rest";
    try (var client = rest()) {
      deployProcess(client, taskProcess(id, id), id + ".bpmn");
      final long instanceKey = startLatest(client, id);
      final ActivatedJob job = activateOne(client, id);
      client.newFailCommand(job).retries(0).errorMessage("broken").send().join();
      final long incidentKey =
          awaitRecord(
                  r ->
                      r.is(RecordType.EVENT, ValueType.INCIDENT, IncidentIntent.CREATED)
                          && r.valueJson().contains("\"jobKey\":" + job.getKey()))
              .key();
      client.newUpdateJobCommand(job.getKey()).updateRetries(1).send().join();

      client.newResolveIncidentCommand(incidentKey).useRest().send().join();

      awaitEvent(incidentKey, ValueType.INCIDENT, IncidentIntent.RESOLVED);
      client.newCompleteCommand(activateOne(client, id)).send().join();
      awaitEvent(instanceKey, ValueType.PROCESS_INSTANCE, ProcessInstanceIntent.ELEMENT_COMPLETED);
    }
  }

  @Test
  void setVariablesOverRestUpdatesTheScope() {
    final String id = "variables-rest";
    try (var client = rest()) {
      deployProcess(client, taskProcess(id, id), id + ".bpmn");
      final long instanceKey = startLatest(client, id);

      client
          .newSetVariablesCommand(instanceKey)
          .useRest()
          .variables(Map.of("approved", true))
          .local(true)
          .send()
          .join();

      awaitRecord(
          r ->
              r.is(RecordType.EVENT, ValueType.VARIABLE_DOCUMENT, VariableDocumentIntent.UPDATED)
                  && r.valueJson().contains("\"scopeKey\":" + instanceKey)
                  && r.valueJson().contains("\"updateSemantics\":\"LOCAL\""));
    }
  }

  @Test
  void broadcastSignalOverRestTriggersTheWaitingInstance() {
    final String id = "signal-rest";
    final var model =
        Bpmn.createExecutableProcess(id)
            .startEvent()
            .intermediateCatchEvent("wait", c -> c.signal("go-" + id))
            .endEvent()
            .done();
    try (var client = rest()) {
      deployProcess(client, model, id + ".bpmn");
      final long instanceKey = startLatest(client, id);
      awaitRecord(
          r ->
              r.is(
                      RecordType.EVENT,
                      ValueType.SIGNAL_SUBSCRIPTION,
                      SignalSubscriptionIntent.CREATED)
                  && r.valueJson().contains("\"signalName\":\"go-" + id + "\""));

      final var response =
          client.newBroadcastSignalCommand().useRest().signalName("go-" + id).send().join();

      assertThat(response.getTenantId()).isEqualTo("<default>");
      awaitEvent(response.getKey(), ValueType.SIGNAL, SignalIntent.BROADCASTED);
      awaitEvent(instanceKey, ValueType.PROCESS_INSTANCE, ProcessInstanceIntent.ELEMENT_COMPLETED);
    }
  }

  @Test
  void correlateMessageAnswersTheInstanceItReached() {
    final String id = "correlate-rest";
    final var model =
        Bpmn.createExecutableProcess(id)
            .startEvent()
            .intermediateCatchEvent(
                "wait",
                c -> c.message(m -> m.name("paid-" + id).zeebeCorrelationKeyExpression("orderId")))
            .endEvent()
            .done();
    try (var client = rest()) {
      deployProcess(client, model, id + ".bpmn");
      final long instanceKey =
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(id)
              .latestVersion()
              .variables(Map.of("orderId", "o-1"))
              .send()
              .join()
              .getProcessInstanceKey();
      awaitRecord(
          r ->
              r.is(
                      RecordType.EVENT,
                      ValueType.PROCESS_MESSAGE_SUBSCRIPTION,
                      ProcessMessageSubscriptionIntent.CREATED)
                  && r.valueJson().contains("\"processInstanceKey\":" + instanceKey));

      final var correlated =
          client
              .newCorrelateMessageCommand()
              .messageName("paid-" + id)
              .correlationKey("o-1")
              .variables(Map.of("paid", true))
              .send()
              .join();

      assertThat(correlated.getProcessInstanceKey()).isEqualTo(instanceKey);
      awaitEvent(
          correlated.getMessageKey(),
          ValueType.MESSAGE_CORRELATION,
          MessageCorrelationIntent.CORRELATED);
      awaitEvent(instanceKey, ValueType.PROCESS_INSTANCE, ProcessInstanceIntent.ELEMENT_COMPLETED);
    }
  }

  @Test
  void correlatingAMessageNobodyWaitsForIs404() {
    try (var client = rest()) {
      assertThatThrownBy(
              () ->
                  client
                      .newCorrelateMessageCommand()
                      .messageName("nobody-waits")
                      .correlationKey("k")
                      .send()
                      .join())
          .isInstanceOfSatisfying(
              ProblemException.class,
              e -> {
                assertThat(e.code()).isEqualTo(404);
                assertThat(e.details().getDetail()).contains("'CORRELATE' rejected");
              });
      awaitRecord(
          r ->
              r.is(
                      RecordType.COMMAND_REJECTION,
                      ValueType.MESSAGE_CORRELATION,
                      MessageCorrelationIntent.CORRELATE)
                  && r.valueJson().contains("\"name\":\"nobody-waits\""));
    }
  }

  @Test
  void evaluateDecisionOverRestEvaluatesOnTheBroker() {
    try (var client = rest()) {
      distributed(
          client
              .newDeployResourceCommand()
              .addResourceStringUtf8(dinnerDmn("-rest"), "dinner-rest.dmn")
              .send()
              .join());

      final var result =
          client
              .newEvaluateDecisionCommand()
              .useRest()
              .decisionId("dish-rest")
              .variables(Map.of("season", "Summer"))
              .send()
              .join();

      assertThat(result.getDecisionOutput()).isEqualTo("\"Salad\"");
      assertThat(result.getEvaluatedDecisions())
          .singleElement()
          .satisfies(
              d ->
                  assertThat(d.getMatchedRules())
                      .singleElement()
                      .satisfies(rule -> assertThat(rule.getRuleId()).isEqualTo("summerRule")));
      final var evaluated =
          awaitEvent(
              result.getDecisionEvaluationKey(),
              ValueType.DECISION_EVALUATION,
              DecisionEvaluationIntent.EVALUATED);
      assertThat(evaluated.valueJson()).contains("\"decisionId\":\"dish-rest\"");
    }
  }

  @Test
  void deleteResourceOverRestDeletesTheProcessDefinition() {
    final String id = "delete-rest";
    try (var client = rest()) {
      final long processDefinitionKey = deployProcess(client, taskProcess(id, id), id + ".bpmn");

      client.newDeleteResourceCommand(processDefinitionKey).useRest().send().join();

      awaitRecord(
          r ->
              r.is(RecordType.EVENT, ValueType.RESOURCE_DELETION, ResourceDeletionIntent.DELETED)
                  && r.valueJson().contains("\"resourceKey\":" + processDefinitionKey));
      assertThatThrownBy(() -> startLatest(client, id)).hasMessageContaining("NOT_FOUND");
    }
  }

  @Test
  void aDeployedResourceIsReadFromTheBrokerWithItsContent() {
    final String script = "{\"id\":\"script-rest\",\"name\":\"Script\",\"script\":\"log\"}";
    try (var client = rest()) {
      final long resourceKey =
          distributed(
                  client
                      .newDeployResourceCommand()
                      .addResourceStringUtf8(script, "script-rest.rpa")
                      .send()
                      .join())
              .getResource()
              .getFirst()
              .getResourceKey();

      final var resource = http().get("/v2/resources/" + resourceKey);
      final var content = http().get("/v2/resources/" + resourceKey + "/content");

      assertThat(resource.statusCode()).isEqualTo(200);
      assertThat(resource.body())
          .contains("\"resourceId\":\"script-rest\"")
          .contains("\"resourceKey\":\"" + resourceKey + "\"")
          .contains("\"resourceName\":\"script-rest.rpa\"");
      assertThat(content.statusCode()).isEqualTo(200);
      assertThat(content.body()).isEqualTo(script);
      awaitEvent(resourceKey, ValueType.RESOURCE, ResourceIntent.FETCHED);
    }
  }

  @Test
  void modifyProcessInstanceOverRestActivatesAndTerminates() {
    final String id = "modify-rest";
    final var model =
        Bpmn.createExecutableProcess(id)
            .startEvent()
            .serviceTask("first", t -> t.zeebeJobType(id + "-first"))
            .serviceTask("second", t -> t.zeebeJobType(id + "-second"))
            .endEvent()
            .done();
    try (var client = rest()) {
      deployProcess(client, model, id + ".bpmn");
      final long instanceKey = startLatest(client, id);
      final long firstKey = awaitActivated(instanceKey, "first").key();

      client
          .newModifyProcessInstanceCommand(instanceKey)
          .useRest()
          .activateElement("second")
          .withVariables(Map.of("skipped", true))
          .and()
          .terminateElement(firstKey)
          .send()
          .join();

      awaitEvent(
          instanceKey,
          ValueType.PROCESS_INSTANCE_MODIFICATION,
          ProcessInstanceModificationIntent.MODIFIED);
      awaitEvent(firstKey, ValueType.PROCESS_INSTANCE, ProcessInstanceIntent.ELEMENT_TERMINATED);
      awaitActivated(instanceKey, "second");
    }
  }

  @Test
  void migrateProcessInstanceOverRestMovesItToTheTarget() {
    final String id = "migrate-rest";
    try (var client = rest()) {
      deployProcess(client, taskProcess(id + "-source", id), id + "-source.bpmn");
      final long targetKey =
          deployProcess(
              client,
              Bpmn.createExecutableProcess(id + "-target")
                  .startEvent()
                  .serviceTask("task2", t -> t.zeebeJobType(id))
                  .endEvent()
                  .done(),
              id + "-target.bpmn");
      final long instanceKey = startLatest(client, id + "-source");
      awaitRecord(
          r ->
              r.is(RecordType.EVENT, ValueType.JOB, JobIntent.CREATED)
                  && r.valueJson().contains("\"processInstanceKey\":" + instanceKey));

      client
          .newMigrateProcessInstanceCommand(instanceKey)
          .useRest()
          .migrationPlan(targetKey)
          .addMappingInstruction("task", "task2")
          .send()
          .join();

      final var migrated =
          awaitEvent(
              instanceKey,
              ValueType.PROCESS_INSTANCE_MIGRATION,
              ProcessInstanceMigrationIntent.MIGRATED);
      assertThat(migrated.valueJson()).contains("\"targetProcessDefinitionKey\":" + targetKey);
    }
  }

  @Test
  void userTaskIsAssignedUpdatedUnassignedAndCompletedOverRest() {
    final String id = "user-task-rest";
    final var model =
        Bpmn.createExecutableProcess(id)
            .startEvent()
            .userTask("approve", t -> t.zeebeUserTask())
            .endEvent()
            .done();
    try (var client = rest()) {
      deployProcess(client, model, id + ".bpmn");
      final long instanceKey = startLatest(client, id);
      final long taskKey =
          awaitRecord(
                  r ->
                      r.is(RecordType.EVENT, ValueType.USER_TASK, UserTaskIntent.CREATED)
                          && r.valueJson().contains("\"processInstanceKey\":" + instanceKey))
              .key();

      client.newAssignUserTaskCommand(taskKey).assignee("alice").send().join();
      awaitRecord(
          r ->
              r.key() == taskKey
                  && r.is(RecordType.EVENT, ValueType.USER_TASK, UserTaskIntent.ASSIGNED)
                  && r.valueJson().contains("\"assignee\":\"alice\""));

      // a claim must not take the task from alice
      assertThatThrownBy(
              () ->
                  client
                      .newAssignUserTaskCommand(taskKey)
                      .assignee("bob")
                      .allowOverride(false)
                      .send()
                      .join())
          .isInstanceOfSatisfying(ProblemException.class, e -> assertThat(e.code()).isEqualTo(409));

      client.newUpdateUserTaskCommand(taskKey).candidateGroups("ops").priority(80).send().join();
      awaitRecord(
          r ->
              r.key() == taskKey
                  && r.is(RecordType.EVENT, ValueType.USER_TASK, UserTaskIntent.UPDATED)
                  && r.valueJson().contains("\"priority\":80")
                  && r.valueJson().contains("\"ops\""));

      client.newUnassignUserTaskCommand(taskKey).send().join();
      awaitRecord(
          r ->
              r.key() == taskKey
                  && r.is(RecordType.EVENT, ValueType.USER_TASK, UserTaskIntent.ASSIGNED)
                  && r.valueJson().contains("\"assignee\":\"\"")
                  && r.valueJson().contains("\"action\":\"unassign\""));

      client.newCompleteUserTaskCommand(taskKey).variables(Map.of("approved", true)).send().join();
      awaitEvent(taskKey, ValueType.USER_TASK, UserTaskIntent.COMPLETED);
      awaitEvent(instanceKey, ValueType.PROCESS_INSTANCE, ProcessInstanceIntent.ELEMENT_COMPLETED);
    }
  }

  @Test
  void clockIsPinnedAndResetOverRest() {
    final Instant pinned = Instant.parse("2030-01-01T00:00:00Z");
    try (var client = rest()) {
      client.newPinClockCommand().time(pinned).send().join();
      awaitRecord(
          r ->
              r.is(RecordType.EVENT, ValueType.CLOCK, ClockIntent.PINNED)
                  && r.valueJson().contains("\"time\":" + pinned.toEpochMilli()));

      client.newResetClockCommand().send().join();
      awaitRecord(r -> r.is(RecordType.EVENT, ValueType.CLOCK, ClockIntent.RESETTED));
    }
  }

  @Test
  void adHocSubProcessActivitiesAreActivatedOverRest() {
    final String id = "ad-hoc-rest";
    final var model =
        Bpmn.createExecutableProcess(id)
            .startEvent()
            .adHocSubProcess(
                "choose",
                adHoc -> {
                  adHoc.serviceTask("call", t -> t.zeebeJobType(id + "-call"));
                  adHoc.serviceTask("mail", t -> t.zeebeJobType(id + "-mail"));
                })
            .endEvent()
            .done();
    try (var client = rest()) {
      deployProcess(client, model, id + ".bpmn");
      final long instanceKey = startLatest(client, id);
      final long adHocKey = awaitActivated(instanceKey, "choose").key();

      client
          .newActivateAdHocSubProcessActivitiesCommand(Long.toString(adHocKey))
          .activateElement("mail")
          .send()
          .join();

      awaitRecord(
          r ->
              r.is(
                      RecordType.EVENT,
                      ValueType.AD_HOC_SUB_PROCESS_INSTRUCTION,
                      AdHocSubProcessInstructionIntent.ACTIVATED)
                  && r.valueJson().contains("\"adHocSubProcessInstanceKey\":" + adHocKey));
      awaitActivated(instanceKey, "mail");
    }
  }

  @Test
  void batchOperationLifecycleCommandsReachTheBroker() {
    // creating a batch operation needs secondary storage; an unknown one is the broker's 404
    final long unknown = 2251799813689999L;
    try (var client = rest()) {
      assertThatThrownBy(
              () -> client.newCancelBatchOperationCommand(Long.toString(unknown)).send().join())
          .isInstanceOfSatisfying(ProblemException.class, e -> assertThat(e.code()).isEqualTo(404));
    }
    assertThat(
            http()
                .send("POST", "/v2/batch-operations/" + unknown + "/suspension", null)
                .statusCode())
        .isEqualTo(404);
    assertThat(
            http()
                .send("POST", "/v2/batch-operations/" + unknown + "/resumption", null)
                .statusCode())
        .isEqualTo(404);
    for (final Intent intent :
        List.of(
            BatchOperationIntent.CANCEL,
            BatchOperationIntent.SUSPEND,
            BatchOperationIntent.RESUME)) {
      awaitRecord(
          r ->
              r.is(
                      RecordType.COMMAND_REJECTION,
                      ValueType.BATCH_OPERATION_LIFECYCLE_MANAGEMENT,
                      intent)
                  && r.valueJson().contains("\"batchOperationKey\":" + unknown));
    }
  }

  @Test
  void searchesAnswerThatTheyNeedSecondaryStorage() {
    final long before = broker.commands().total();
    try (var client = rest()) {
      assertThatThrownBy(() -> client.newProcessInstanceSearchRequest().send().join())
          .isInstanceOfSatisfying(
              ProblemException.class,
              e -> {
                assertThat(e.code()).isEqualTo(403);
                assertThat(e.details().getTitle()).isEqualTo("FORBIDDEN");
                assertThat(e.details().getDetail())
                    .contains("requires a secondary storage")
                    .contains("searchProcessInstances");
              });
    }
    // documents are served from the gateway's store (DocumentApiTest); a JSON body is the spec's
    // 415
    final var document = http().send("POST", "/v2/documents/batch", "{}");
    assertThat(document.statusCode()).isEqualTo(415);
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  @Test
  void gatewayAnswersLicenseCurrentUserAndItsOpenApiDocument() {
    final var license = http().get("/v2/license");
    final var me = http().get("/v2/authentication/me");
    final var openApi = http().get("/v2/openapi.yaml");

    assertThat(license.statusCode()).isEqualTo(200);
    assertThat(license.body())
        .contains("\"validLicense\":false")
        .contains("\"licenseType\":\"unknown\"");
    assertThat(me.statusCode()).isEqualTo(200);
    assertThat(me.body()).contains("\"displayName\":\"anonymous\"");
    assertThat(openApi.statusCode()).isEqualTo(200);
    assertThat(openApi.body()).contains("operationId: updateJob").contains("x-gatefork-not-served");
  }

  private static ActivatedJob activateOne(final CamundaClient client, final String type) {
    final var found = new ConcurrentLinkedQueue<ActivatedJob>();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              final List<ActivatedJob> jobs =
                  client
                      .newActivateJobsCommand()
                      .jobType(type)
                      .maxJobsToActivate(1)
                      .timeout(Duration.ofMinutes(1))
                      .requestTimeout(Duration.ofSeconds(2))
                      .send()
                      .join()
                      .getJobs();
              found.addAll(jobs);
              return !found.isEmpty();
            });
    return found.peek();
  }
}
