package io.gatefork.gateway.app;

import static io.gatefork.gateway.app.ProcessFixtures.taskProcess;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.MessageIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.util.VersionUtil;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every scenario of a user's first day, once over REST and once over gRPC, each checked on the
 * broker's side (the record in its log), not only by the client's answer.
 */
class OfficialClientScenariosTest extends GatewayTestSupport {

  private static String api(final boolean rest) {
    return rest ? "rest" : "grpc";
  }

  private void deploy(
      final CamundaClient client, final BpmnModelInstance model, final String name) {
    final var deployment =
        distributed(client.newDeployResourceCommand().addProcessModel(model, name).send().join());
    assertThat(deployment.getKey()).isPositive();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(booleans = {true, false})
  void topologyShowsTheEmbeddedBroker(final boolean rest) {
    try (var client = client(rest)) {
      final var topology = client.newTopologyRequest().send().join();

      assertThat(topology.getPartitionsCount()).isEqualTo(3);
      assertThat(topology.getBrokers())
          .singleElement()
          .satisfies(
              b -> {
                assertThat(b.getPort()).isEqualTo(broker.port());
                assertThat(b.getPartitions())
                    .hasSize(3)
                    .allSatisfy(p -> assertThat(p.isLeader()).isTrue());
                assertThat(b.getVersion()).isEqualTo(VersionUtil.getVersion());
              });
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(booleans = {true, false})
  void deployCreateAndCompleteWithAJobWorker(final boolean rest) {
    final String id = "worker-" + api(rest);
    try (var client = client(rest)) {
      deploy(client, taskProcess(id, id), id + ".bpmn");
      final var instance =
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(id)
              .latestVersion()
              .variables(Map.of("orderId", "A-1"))
              .send()
              .join();
      final var seen = new ConcurrentLinkedQueue<ActivatedJob>();

      try (var worker =
          client
              .newWorker()
              .jobType(id)
              .handler(
                  (jobClient, job) -> {
                    seen.add(job);
                    jobClient
                        .newCompleteCommand(job)
                        .variables(Map.of("shipped", true))
                        .send()
                        .join();
                  })
              .open()) {
        awaitRecord(
            r ->
                r.key() == instance.getProcessInstanceKey()
                    && r.is(
                        RecordType.EVENT,
                        ValueType.PROCESS_INSTANCE,
                        ProcessInstanceIntent.ELEMENT_COMPLETED));
      }
      assertThat(seen)
          .singleElement()
          .satisfies(
              job -> {
                assertThat(job.getProcessInstanceKey()).isEqualTo(instance.getProcessInstanceKey());
                assertThat(job.getVariablesAsMap()).containsEntry("orderId", "A-1");
              });
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(booleans = {true, false})
  void createWithResultReturnsTheFinalVariables(final boolean rest) {
    final String id = "result-" + api(rest);
    try (var client = client(rest)) {
      deploy(client, Bpmn.createExecutableProcess(id).startEvent().endEvent().done(), id + ".bpmn");

      final var result =
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(id)
              .latestVersion()
              .variables(Map.of("answer", 42))
              .withResult()
              .send()
              .join();

      assertThat(result.getVariablesAsMap()).containsEntry("answer", 42);
      awaitRecord(
          r ->
              r.key() == result.getProcessInstanceKey()
                  && r.is(
                      RecordType.EVENT,
                      ValueType.PROCESS_INSTANCE,
                      ProcessInstanceIntent.ELEMENT_COMPLETED));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(booleans = {true, false})
  void failedJobComesBackWithTheRetriesGiven(final boolean rest) {
    final String id = "fail-" + api(rest);
    try (var client = client(rest)) {
      deploy(client, taskProcess(id, id), id + ".bpmn");
      client.newCreateInstanceCommand().bpmnProcessId(id).latestVersion().send().join();
      final ActivatedJob first = activateOne(client, id);

      client.newFailCommand(first).retries(2).errorMessage("try again").send().join();

      awaitRecord(
          r ->
              r.key() == first.getKey()
                  && r.is(RecordType.EVENT, ValueType.JOB, JobIntent.FAILED)
                  && r.valueJson().contains("\"errorMessage\":\"try again\""));
      final ActivatedJob again = activateOne(client, id);
      assertThat(again.getKey()).isEqualTo(first.getKey());
      assertThat(again.getRetries()).isEqualTo(2);
      client.newCompleteCommand(again).send().join();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(booleans = {true, false})
  void thrownBpmnErrorIsCaughtByTheBoundaryEvent(final boolean rest) {
    final String id = "error-" + api(rest);
    final var model =
        Bpmn.createExecutableProcess(id)
            .startEvent()
            .serviceTask("task", t -> t.zeebeJobType(id))
            .boundaryEvent("caught", b -> b.error("NO_STOCK"))
            .endEvent("handled")
            .moveToActivity("task")
            .endEvent("normal")
            .done();
    try (var client = client(rest)) {
      deploy(client, model, id + ".bpmn");
      final var instance =
          client.newCreateInstanceCommand().bpmnProcessId(id).latestVersion().send().join();
      final ActivatedJob job = activateOne(client, id);

      client
          .newThrowErrorCommand(job)
          .errorCode("NO_STOCK")
          .errorMessage("out of stock")
          .send()
          .join();

      awaitRecord(
          r ->
              r.is(
                      RecordType.EVENT,
                      ValueType.PROCESS_INSTANCE,
                      ProcessInstanceIntent.ELEMENT_COMPLETED)
                  && r.valueJson().contains("\"elementId\":\"handled\"")
                  && r.valueJson()
                      .contains("\"processInstanceKey\":" + instance.getProcessInstanceKey()));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(booleans = {true, false})
  void publishedMessageCorrelatesToTheWaitingInstance(final boolean rest) {
    final String id = "message-" + api(rest);
    final var model =
        Bpmn.createExecutableProcess(id)
            .startEvent()
            .intermediateCatchEvent(
                "wait",
                c -> c.message(m -> m.name("paid-" + id).zeebeCorrelationKeyExpression("orderId")))
            .endEvent()
            .done();
    try (var client = client(rest)) {
      deploy(client, model, id + ".bpmn");
      final var instance =
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(id)
              .latestVersion()
              .variables(Map.of("orderId", "order-" + id))
              .send()
              .join();

      final var published =
          client
              .newPublishMessageCommand()
              .messageName("paid-" + id)
              .correlationKey("order-" + id)
              .timeToLive(Duration.ofMinutes(1))
              .variables(Map.of("paid", true))
              .send()
              .join();

      assertThat(published.getMessageKey()).isPositive();
      awaitRecord(
          r ->
              r.key() == published.getMessageKey()
                  && r.is(RecordType.EVENT, ValueType.MESSAGE, MessageIntent.PUBLISHED));
      awaitRecord(
          r ->
              r.key() == instance.getProcessInstanceKey()
                  && r.is(
                      RecordType.EVENT,
                      ValueType.PROCESS_INSTANCE,
                      ProcessInstanceIntent.ELEMENT_COMPLETED));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(booleans = {true, false})
  void cancelTerminatesTheInstance(final boolean rest) {
    final String id = "cancel-" + api(rest);
    try (var client = client(rest)) {
      deploy(client, taskProcess(id, id), id + ".bpmn");
      final var instance =
          client.newCreateInstanceCommand().bpmnProcessId(id).latestVersion().send().join();

      client.newCancelInstanceCommand(instance.getProcessInstanceKey()).send().join();

      awaitRecord(
          r ->
              r.key() == instance.getProcessInstanceKey()
                  && r.is(
                      RecordType.EVENT,
                      ValueType.PROCESS_INSTANCE,
                      ProcessInstanceIntent.ELEMENT_TERMINATED));
    }
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
