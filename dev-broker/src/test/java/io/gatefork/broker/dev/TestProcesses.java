package io.gatefork.broker.dev;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.BpmnModelInstance;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DeploymentRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.DeploymentIntent;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;

/** Processes and commands shared by the broker tests. */
final class TestProcesses {

  private TestProcesses() {}

  static BpmnModelInstance serviceTask(final String processId, final String jobType) {
    return Bpmn.createExecutableProcess(processId)
        .startEvent()
        .serviceTask("task", t -> t.zeebeJobType(jobType))
        .endEvent()
        .done();
  }

  static BpmnModelInstance startToEnd(final String processId) {
    return Bpmn.createExecutableProcess(processId).startEvent().endEvent().done();
  }

  static BpmnModelInstance messageThenTask(
      final String processId, final String messageName, final String jobType) {
    return Bpmn.createExecutableProcess(processId)
        .startEvent()
        .intermediateCatchEvent(
            "wait",
            c -> c.message(m -> m.name(messageName).zeebeCorrelationKeyExpression("orderId")))
        .serviceTask("after", t -> t.zeebeJobType(jobType))
        .endEvent()
        .done();
  }

  /** Deploys on partition 1 (the deployment partition) and returns the deployment key. */
  static long deploy(final TestCommandClient client, final BpmnModelInstance... models) {
    final var deployment = new DeploymentRecord();
    for (final BpmnModelInstance model : models) {
      final String processId =
          model
              .getModelElementsByType(io.camunda.zeebe.model.bpmn.instance.Process.class)
              .iterator()
              .next()
              .getId();
      deployment
          .resources()
          .add()
          .setResourceName(processId + ".bpmn")
          .setResource(Bpmn.convertToString(model).getBytes(StandardCharsets.UTF_8));
    }
    final var response = client.send(1, ValueType.DEPLOYMENT, DeploymentIntent.CREATE, deployment);
    assertThat(response.isError()).as("%s", response).isFalse();
    assertThat(response.intent()).as("%s", response).isEqualTo(DeploymentIntent.CREATED);
    return response.key();
  }

  static ProcessInstanceCreationRecord creation(final String processId) {
    return new ProcessInstanceCreationRecord().setBpmnProcessId(processId).setVersion(-1);
  }

  static ProcessInstanceCreationRecord creation(
      final String processId, final String variablesJson) {
    return creation(processId)
        .setVariables(new UnsafeBuffer(MsgPackConverter.convertToMsgPack(variablesJson)));
  }

  static TestCommandClient.Response createInstance(
      final TestCommandClient client,
      final int partition,
      final ProcessInstanceCreationRecord record) {
    return client.send(
        partition,
        ValueType.PROCESS_INSTANCE_CREATION,
        ProcessInstanceCreationIntent.CREATE,
        record);
  }

  /**
   * Activates jobs of the type on the partition, polling until some arrive; fails when none did
   * within the timeout.
   */
  static List<Long> activateJobs(
      final TestCommandClient client,
      final int partition,
      final String jobType,
      final Duration timeout) {
    return await("jobs of type " + jobType + " activated on partition " + partition)
        .atMost(timeout)
        .pollInSameThread()
        .pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(50))
        .until(() -> activateOnce(client, partition, jobType), jobKeys -> !jobKeys.isEmpty());
  }

  private static List<Long> activateOnce(
      final TestCommandClient client, final int partition, final String jobType) {
    final var request =
        new JobBatchRecord()
            .setType(jobType)
            .setWorker("test-worker")
            .setTimeout(60_000)
            .setMaxJobsToActivate(10);
    final var response =
        client.send(partition, ValueType.JOB_BATCH, JobBatchIntent.ACTIVATE, request);
    assertThat(response.isError()).as("%s", response).isFalse();
    assertThat(response.recordType()).as("%s", response).isEqualTo(RecordType.EVENT);
    return new ArrayList<>(response.valueAs(new JobBatchRecord()).getJobKeys());
  }
}
