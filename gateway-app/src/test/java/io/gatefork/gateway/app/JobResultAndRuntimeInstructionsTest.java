package io.gatefork.gateway.app;

import static io.gatefork.gateway.app.ProcessFixtures.startLatest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.RuntimeInstructionIntent;
import io.camunda.zeebe.protocol.record.intent.UserTaskIntent;
import io.gatefork.broker.dev.JournalRecord;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Job results (user task listeners, ad-hoc sub-processes) and runtime instructions, sent by the
 * official client over REST and over gRPC, each proven by what the engine did with them.
 */
class JobResultAndRuntimeInstructionsTest extends GatewayTestSupport {

  private static String suffix(final boolean rest) {
    return rest ? "rest" : "grpc";
  }

  private long deploy(final CamundaClient client, final BpmnModelInstance model, final String id) {
    return distributed(
            client.newDeployResourceCommand().addProcessModel(model, id + ".bpmn").send().join())
        .getProcesses()
        .getFirst()
        .getProcessDefinitionKey();
  }

  private static ActivatedJob activateOne(final CamundaClient client, final String type) {
    final AtomicReference<ActivatedJob> job = new AtomicReference<>();
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              final List<ActivatedJob> jobs =
                  client
                      .newActivateJobsCommand()
                      .jobType(type)
                      .maxJobsToActivate(1)
                      .requestTimeout(Duration.ofSeconds(1))
                      .send()
                      .join()
                      .getJobs();
              if (!jobs.isEmpty()) {
                job.set(jobs.getFirst());
              }
              return job.get() != null;
            });
    return job.get();
  }

  private JournalRecord awaitInstanceEvent(
      final long processInstanceKey,
      final ValueType valueType,
      final io.camunda.zeebe.protocol.record.intent.Intent intent,
      final String fragment) {
    return awaitRecord(
        r ->
            r.is(RecordType.EVENT, valueType, intent)
                && r.valueJson().contains("\"processInstanceKey\":" + processInstanceKey)
                && r.valueJson().contains(fragment));
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void userTaskListenerCorrectionsAreAppliedToTheTask(final boolean rest) {
    final String id = "corrected-task-" + suffix(rest);
    final String listener = id + "-creating";
    try (var client = client(rest)) {
      deploy(
          client,
          Bpmn.createExecutableProcess(id)
              .startEvent()
              .userTask(
                  "task",
                  t -> t.zeebeUserTask().zeebeTaskListener(l -> l.creating().type(listener)))
              .endEvent()
              .done(),
          id);
      final long instanceKey = startLatest(client, id);

      final ActivatedJob job = activateOne(client, listener);
      assertThat(job.getKind().name()).isEqualTo("TASK_LISTENER");
      client
          .newCompleteCommand(job.getKey())
          .withResult(
              r ->
                  r.forUserTask()
                      .correctAssignee("alice")
                      .correctPriority(80)
                      .correctCandidateGroups(List.of("ops")))
          .send()
          .join();

      final JournalRecord completed =
          awaitInstanceEvent(
              instanceKey, ValueType.JOB, JobIntent.COMPLETED, "\"type\":\"" + listener + "\"");
      assertThat(completed.valueJson()).contains("\"correctedAttributes\":[");
      final JournalRecord created =
          awaitInstanceEvent(
              instanceKey, ValueType.USER_TASK, UserTaskIntent.CREATED, "\"elementId\":\"task\"");
      // without an initial assignee the corrected one is the task's assignee on creation
      assertThat(created.valueJson())
          .contains("\"assignee\":\"alice\"")
          .contains("\"priority\":80")
          .contains("\"candidateGroupsList\":[\"ops\"]");
    }
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void userTaskListenerDenialKeepsTheTaskOpen(final boolean rest) {
    final String id = "denied-task-" + suffix(rest);
    final String listener = id + "-completing";
    try (var client = client(rest)) {
      deploy(
          client,
          Bpmn.createExecutableProcess(id)
              .startEvent()
              .userTask(
                  "task",
                  t -> t.zeebeUserTask().zeebeTaskListener(l -> l.completing().type(listener)))
              .endEvent()
              .done(),
          id);
      final long instanceKey = startLatest(client, id);
      final long userTaskKey =
          awaitInstanceEvent(
                  instanceKey,
                  ValueType.USER_TASK,
                  UserTaskIntent.CREATED,
                  "\"elementId\":\"task\"")
              .key();

      // answered only once the listener has decided: do not wait for it here
      final var completion = client.newCompleteUserTaskCommand(userTaskKey).send();
      final ActivatedJob job = activateOne(client, listener);
      client
          .newCompleteCommand(job.getKey())
          .withResult(r -> r.forUserTask().deny(true, "four-eyes check missing"))
          .send()
          .join();

      final JournalRecord denied =
          awaitRecord(
              r ->
                  r.key() == userTaskKey
                      && r.is(
                          RecordType.EVENT, ValueType.USER_TASK, UserTaskIntent.COMPLETION_DENIED));
      assertThat(denied.valueJson()).contains("\"deniedReason\":\"four-eyes check missing\"");
      assertThat((Future<?>) completion).failsWithin(Duration.ofSeconds(20));
      assertThat(broker.records().find(r -> true))
          .noneMatch(
              r ->
                  r.key() == userTaskKey
                      && r.is(RecordType.EVENT, ValueType.USER_TASK, UserTaskIntent.COMPLETED));
    }
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void adHocSubProcessResultActivatesTheChosenElement(final boolean rest) {
    final String id = "ad-hoc-" + suffix(rest);
    final String jobType = id + "-planner";
    try (var client = client(rest)) {
      deploy(
          client,
          Bpmn.createExecutableProcess(id)
              .startEvent()
              .adHocSubProcess(
                  "ad-hoc",
                  a -> {
                    a.task("research");
                    a.task("decide");
                  })
              .zeebeJobType(jobType)
              .endEvent()
              .done(),
          id);
      final long instanceKey = startLatest(client, id);

      final ActivatedJob job = activateOne(client, jobType);
      assertThat(job.getKind().name()).isEqualTo("AD_HOC_SUB_PROCESS");
      client
          .newCompleteCommand(job.getKey())
          .withResult(r -> r.forAdHocSubProcess().activateElement("decide"))
          .send()
          .join();

      awaitInstanceEvent(
          instanceKey,
          ValueType.PROCESS_INSTANCE,
          ProcessInstanceIntent.ELEMENT_COMPLETED,
          "\"elementId\":\"decide\"");
      assertThat(broker.records().find(r -> true))
          .noneMatch(
              r ->
                  r.is(
                          RecordType.EVENT,
                          ValueType.PROCESS_INSTANCE,
                          ProcessInstanceIntent.ELEMENT_ACTIVATED)
                      && r.valueJson().contains("\"processInstanceKey\":" + instanceKey)
                      && r.valueJson().contains("\"elementId\":\"research\""));
    }
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void terminateRuntimeInstructionEndsTheInstanceAfterTheElement(final boolean rest) {
    final String id = "terminate-after-" + suffix(rest);
    try (var client = client(rest)) {
      deploy(
          client,
          Bpmn.createExecutableProcess(id)
              .startEvent()
              .task("prepare")
              .serviceTask("ship")
              .zeebeJobType(id + "-ship")
              .endEvent()
              .done(),
          id);

      final long instanceKey =
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(id)
              .latestVersion()
              .terminateAfterElement("prepare")
              .send()
              .join()
              .getProcessInstanceKey();

      final JournalRecord interrupted =
          awaitRecord(
              r ->
                  r.key() == instanceKey
                      && r.is(
                          RecordType.EVENT,
                          ValueType.RUNTIME_INSTRUCTION,
                          RuntimeInstructionIntent.INTERRUPTED));
      assertThat(interrupted.valueJson()).contains("\"elementId\":\"prepare\"");
      awaitRecord(
          r ->
              r.key() == instanceKey
                  && r.is(
                      RecordType.EVENT,
                      ValueType.PROCESS_INSTANCE,
                      ProcessInstanceIntent.ELEMENT_TERMINATED));
      assertThat(broker.records().find(r -> true))
          .noneMatch(
              r ->
                  r.is(RecordType.EVENT, ValueType.JOB, JobIntent.CREATED)
                      && r.valueJson().contains("\"processInstanceKey\":" + instanceKey));
    }
  }
}
