package io.gatefork.gateway.app;

import static io.gatefork.gateway.app.ProcessFixtures.dinnerDmn;
import static io.gatefork.gateway.app.ProcessFixtures.startLatest;
import static io.gatefork.gateway.app.ProcessFixtures.taskProcess;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.camunda.zeebe.protocol.record.intent.DeploymentIntent;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceMigrationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceModificationIntent;
import io.camunda.zeebe.protocol.record.intent.ResourceDeletionIntent;
import io.camunda.zeebe.protocol.record.intent.SignalIntent;
import io.camunda.zeebe.protocol.record.intent.SignalSubscriptionIntent;
import io.camunda.zeebe.protocol.record.intent.VariableDocumentIntent;
import io.camunda.zeebe.protocol.record.intent.VariableIntent;
import io.gatefork.broker.dev.JournalRecord;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * Every gRPC command beyond a user's first day, sent by the official client over gRPC, each checked
 * by the record it left in the broker's log.
 */
class GrpcCommandSurfaceTest extends GatewayTestSupport {

  private CamundaClient grpc() {
    return client(false);
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
  void deprecatedDeployProcessDeploysTheBpmnAndAnswersInTheOldShape() {
    try (var client = grpc()) {
      @SuppressWarnings("deprecation")
      final var deployment =
          client
              .newDeployCommand()
              .addProcessModel(taskProcess("legacy-deploy", "legacy"), "legacy-deploy.bpmn")
              .send()
              .join();

      assertThat(deployment.getProcesses())
          .singleElement()
          .satisfies(
              p -> {
                assertThat(p.getBpmnProcessId()).isEqualTo("legacy-deploy");
                assertThat(p.getResourceName()).isEqualTo("legacy-deploy.bpmn");
                assertThat(p.getProcessDefinitionKey()).isPositive();
              });
      awaitEvent(deployment.getKey(), ValueType.DEPLOYMENT, DeploymentIntent.CREATED);
    }
  }

  @Test
  void evaluateDecisionEvaluatesOnTheBroker() {
    try (var client = grpc()) {
      distributed(
          client
              .newDeployResourceCommand()
              .addResourceStringUtf8(dinnerDmn(""), "dinner.dmn")
              .send()
              .join());

      final var result =
          client
              .newEvaluateDecisionCommand()
              .useGrpc()
              .decisionId("dish")
              .variables(Map.of("season", "Winter"))
              .send()
              .join();

      assertThat(result.getDecisionId()).isEqualTo("dish");
      assertThat(result.getDecisionOutput()).isEqualTo("\"Stew\"");
      assertThat(result.getFailedDecisionId()).isEmpty();
      assertThat(result.getEvaluatedDecisions())
          .singleElement()
          .satisfies(
              d ->
                  assertThat(d.getMatchedRules())
                      .singleElement()
                      .satisfies(rule -> assertThat(rule.getRuleId()).isEqualTo("winterRule")));
      final var evaluated =
          awaitEvent(
              result.getDecisionEvaluationKey(),
              ValueType.DECISION_EVALUATION,
              DecisionEvaluationIntent.EVALUATED);
      assertThat(evaluated.valueJson())
          .contains("\"decisionId\":\"dish\"")
          .contains("\"ruleId\":\"winterRule\"");
    }
  }

  @Test
  void retriesUpdatedThenIncidentResolvedGivesTheJobBack() {
    final String id = "incident-grpc";
    try (var client = grpc()) {
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

      client.newUpdateRetriesCommand(job.getKey()).useGrpc().retries(2).send().join();
      final var retriesUpdated = awaitEvent(job.getKey(), ValueType.JOB, JobIntent.RETRIES_UPDATED);
      assertThat(retriesUpdated.valueJson()).contains("\"retries\":2");

      client.newResolveIncidentCommand(incidentKey).useGrpc().send().join();
      awaitEvent(incidentKey, ValueType.INCIDENT, IncidentIntent.RESOLVED);

      // the job is activatable again, and the instance can finish
      final ActivatedJob again = activateOne(client, id);
      assertThat(again.getKey()).isEqualTo(job.getKey());
      assertThat(again.getRetries()).isEqualTo(2);
      client.newCompleteCommand(again).send().join();
      awaitEvent(instanceKey, ValueType.PROCESS_INSTANCE, ProcessInstanceIntent.ELEMENT_COMPLETED);
    }
  }

  @Test
  void updateTimeoutMovesTheJobsDeadline() {
    final String id = "timeout-grpc";
    try (var client = grpc()) {
      deployProcess(client, taskProcess(id, id), id + ".bpmn");
      startLatest(client, id);
      final ActivatedJob job = activateOne(client, id);

      client
          .newUpdateTimeoutCommand(job.getKey())
          .useGrpc()
          .timeout(Duration.ofMinutes(30))
          .send()
          .join();

      final var updated = awaitEvent(job.getKey(), ValueType.JOB, JobIntent.TIMEOUT_UPDATED);
      assertThat(deadline(updated)).isGreaterThan(job.getDeadline());
      client.newCompleteCommand(job).send().join();
    }
  }

  @Test
  void updateRetriesOfAnUnknownJobIsNotFound() {
    try (var client = grpc()) {
      assertThatThrownBy(
              () ->
                  client
                      .newUpdateRetriesCommand(2251799813688888L)
                      .useGrpc()
                      .retries(1)
                      .send()
                      .join())
          .hasMessageContaining("NOT_FOUND");
    }
  }

  @Test
  void setVariablesUpdatesTheInstancesVariables() {
    final String id = "variables-grpc";
    try (var client = grpc()) {
      deployProcess(client, taskProcess(id, id), id + ".bpmn");
      final long instanceKey = startLatest(client, id);

      final var response =
          client
              .newSetVariablesCommand(instanceKey)
              .useGrpc()
              .variables(Map.of("approved", true))
              .local(true)
              .send()
              .join();

      final var update =
          awaitEvent(
              response.getKey(), ValueType.VARIABLE_DOCUMENT, VariableDocumentIntent.UPDATED);
      assertThat(update.valueJson())
          .contains("\"scopeKey\":" + instanceKey)
          .contains("\"updateSemantics\":\"LOCAL\"");
      awaitRecord(
          r ->
              r.is(RecordType.EVENT, ValueType.VARIABLE, VariableIntent.CREATED)
                  && r.valueJson().contains("\"name\":\"approved\"")
                  && r.valueJson().contains("\"scopeKey\":" + instanceKey));
    }
  }

  @Test
  void modifyProcessInstanceActivatesAndTerminatesElements() {
    final String id = "modify-grpc";
    final var model =
        Bpmn.createExecutableProcess(id)
            .startEvent()
            .serviceTask("first", t -> t.zeebeJobType(id + "-first"))
            .serviceTask("second", t -> t.zeebeJobType(id + "-second"))
            .endEvent()
            .done();
    try (var client = grpc()) {
      deployProcess(client, model, id + ".bpmn");
      final long instanceKey = startLatest(client, id);
      final long firstKey = awaitActivated(instanceKey, "first").key();

      client
          .newModifyProcessInstanceCommand(instanceKey)
          .useGrpc()
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
  void migrateProcessInstanceMovesItToTheTargetDefinition() {
    final String id = "migrate-grpc";
    try (var client = grpc()) {
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
      awaitActivated(instanceKey, "task");
      awaitRecord(
          r ->
              r.is(RecordType.EVENT, ValueType.JOB, JobIntent.CREATED)
                  && r.valueJson().contains("\"processInstanceKey\":" + instanceKey));

      client
          .newMigrateProcessInstanceCommand(instanceKey)
          .useGrpc()
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
  void deleteResourceDeletesTheProcessDefinition() {
    final String id = "delete-grpc";
    try (var client = grpc()) {
      final long processDefinitionKey = deployProcess(client, taskProcess(id, id), id + ".bpmn");

      client.newDeleteResourceCommand(processDefinitionKey).useGrpc().send().join();

      awaitRecord(
          r ->
              r.is(RecordType.EVENT, ValueType.RESOURCE_DELETION, ResourceDeletionIntent.DELETED)
                  && r.valueJson().contains("\"resourceKey\":" + processDefinitionKey));
      // a deleted process cannot be started any more
      assertThatThrownBy(() -> startLatest(client, id)).hasMessageContaining("NOT_FOUND");
    }
  }

  @Test
  void broadcastSignalTriggersTheWaitingInstance() {
    final String id = "signal-grpc";
    final var model =
        Bpmn.createExecutableProcess(id)
            .startEvent()
            .intermediateCatchEvent("wait", c -> c.signal("go-" + id))
            .endEvent()
            .done();
    try (var client = grpc()) {
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
          client
              .newBroadcastSignalCommand()
              .useGrpc()
              .signalName("go-" + id)
              .variables(Map.of("reason", "test"))
              .send()
              .join();

      assertThat(response.getTenantId()).isEqualTo("<default>");
      awaitEvent(response.getKey(), ValueType.SIGNAL, SignalIntent.BROADCASTED);
      awaitEvent(instanceKey, ValueType.PROCESS_INSTANCE, ProcessInstanceIntent.ELEMENT_COMPLETED);
    }
  }

  private static long deadline(final JournalRecord record) {
    final String json = record.valueJson();
    final int start = json.indexOf("\"deadline\":") + "\"deadline\":".length();
    int end = start;
    while (end < json.length() && Character.isDigit(json.charAt(end))) {
      end++;
    }
    return Long.parseLong(json.substring(start, end));
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
