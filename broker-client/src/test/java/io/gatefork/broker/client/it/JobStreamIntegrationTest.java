package io.gatefork.broker.client.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJobImpl;
import io.camunda.zeebe.protocol.impl.stream.job.JobActivationPropertiesImpl;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.transport.stream.api.ClientStreamId;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.broker.client.cluster.ClusterBrokerClient;
import io.gatefork.broker.client.jobs.JobPushConsumer;
import io.gatefork.broker.client.jobs.JobStreamInfo;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.broker.dev.EmbeddedBroker;
import io.gatefork.broker.dev.EmbeddedBrokerConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;

/** Job push from a real engine to the broker client's job streams. */
class JobStreamIntegrationTest {
  private static final Duration WAIT = Duration.ofSeconds(30);

  @Test
  void aRegisteredStreamIsAcknowledgedByTheBrokerAndGetsTheJobPushed() {
    try (var cluster = Cluster.start(0, ResourceExhaustedRetry.FAIL_FAST)) {
      cluster.deploy(Map.of("pushed.bpmn", Cluster.serviceTaskProcess("pushed", "pushed")));
      final Queue<ActivatedJobImpl> pushed = new ConcurrentLinkedQueue<>();
      final ClientStreamId id = open(cluster.client, "pushed", accepting(pushed));
      awaitConnected(cluster.client, "pushed", "0");

      final long instanceKey = createInstance(cluster.client, "pushed");

      await("the job is pushed").atMost(WAIT).until(() -> !pushed.isEmpty());
      final ActivatedJobImpl job = pushed.peek();
      assertThat(job.jobRecord().getType()).isEqualTo("pushed");
      assertThat(job.jobRecord().getProcessInstanceKey()).isEqualTo(instanceKey);
      assertThat(job.jobRecord().getWorker()).isEqualTo("stream-worker");
      assertThat(
              cluster
                  .broker
                  .records()
                  .find(
                      r ->
                          r.key() == job.jobKey()
                              && r.is(RecordType.EVENT, ValueType.JOB, JobIntent.YIELDED)))
          .isEmpty();

      cluster.client.jobStreams().remove(id).join();
      assertThat(cluster.client.jobStreams().streams().join()).isEmpty();
    }
  }

  @Test
  void aPushTheConsumerRefusesIsYieldedBackToTheBroker() {
    try (var cluster = Cluster.start(0, ResourceExhaustedRetry.FAIL_FAST)) {
      cluster.deploy(Map.of("refused.bpmn", Cluster.serviceTaskProcess("refused", "refused")));
      open(
          cluster.client,
          "refused",
          payload -> CompletableFuture.failedFuture(new IllegalStateException("client busy")));
      awaitConnected(cluster.client, "refused", "0");

      createInstance(cluster.client, "refused");

      assertThat(
              cluster
                  .broker
                  .records()
                  .awaitRecord(r -> r.is(RecordType.EVENT, ValueType.JOB, JobIntent.YIELDED), WAIT))
          .as("the refused job was yielded, so it is activatable again at once")
          .isPresent();
    }
  }

  @Test
  void aStreamIsRegisteredAgainWithABrokerThatRestartsAndGetsItsJobs() {
    final int port = FreePorts.next();
    EmbeddedBroker broker = startBroker(port);
    try (BrokerClient client =
        ClusterBrokerClient.start(
            Cluster.clientConfig(broker.clusterAddress(), ResourceExhaustedRetry.FAIL_FAST),
            new SimpleMeterRegistry())) {
      awaitLeaders(client);
      final Queue<ActivatedJobImpl> pushed = new ConcurrentLinkedQueue<>();
      open(client, "survivor", accepting(pushed));
      awaitConnected(client, "survivor", "0");

      broker.close();
      await("the gateway notices the broker is gone")
          .atMost(WAIT)
          .until(() -> client.topology().partitionsWithLeader().length == 0);
      broker = startBroker(port);

      // a fresh broker knows nothing: only a re-registered stream can get this job pushed
      awaitLeaders(client);
      Cluster.deploy(
          client,
          broker,
          Map.of("survivor.bpmn", Cluster.serviceTaskProcess("survivor", "survivor")));
      awaitConnected(client, "survivor", "0");
      final long instanceKey = createInstance(client, "survivor");

      await("the restarted broker pushes the job").atMost(WAIT).until(() -> !pushed.isEmpty());
      assertThat(pushed.peek().jobRecord().getProcessInstanceKey()).isEqualTo(instanceKey);
    } finally {
      broker.close();
    }
  }

  private static EmbeddedBroker startBroker(final int port) {
    return EmbeddedBroker.start(
        EmbeddedBrokerConfig.builder().port(port).partitionCount(3).recordJournal(true).build());
  }

  private static void awaitLeaders(final BrokerClient client) {
    await().atMost(WAIT).until(() -> client.topology().partitionsWithLeader().length == 3);
  }

  private static JobPushConsumer accepting(final Queue<ActivatedJobImpl> pushed) {
    return payload -> {
      pushed.add(read(payload));
      return CompletableFuture.completedFuture(null);
    };
  }

  private static ActivatedJobImpl read(final DirectBuffer payload) {
    final var job = new ActivatedJobImpl();
    job.wrap(payload);
    return job;
  }

  private static ClientStreamId open(
      final BrokerClient client, final String jobType, final JobPushConsumer consumer) {
    final var properties =
        new JobActivationPropertiesImpl()
            .setWorker(BufferUtil.wrapString("stream-worker"), 0, "stream-worker".length())
            .setTimeout(60_000)
            .setFetchVariables(List.of())
            .setTenantIds(List.of("<default>"));
    return client.jobStreams().add(jobType, properties, consumer).join();
  }

  private static void awaitConnected(
      final BrokerClient client, final String jobType, final String brokerMemberId) {
    await("broker " + brokerMemberId + " acknowledged the " + jobType + " stream")
        .atMost(WAIT)
        .until(
            () ->
                client.jobStreams().streams().join().stream()
                    .filter(s -> s.jobType().equals(jobType))
                    .map(JobStreamInfo::connectedBrokers)
                    .anyMatch(brokers -> brokers.contains(brokerMemberId)));
  }

  private static long createInstance(final BrokerClient client, final String processId) {
    final var result =
        client
            .sendWithPartitionRetry(
                BrokerRequests.createProcessInstance(
                    new ProcessInstanceCreationRecord().setBpmnProcessId(processId).setVersion(-1)),
                null)
            .join();
    assertThat(result).isInstanceOf(BrokerResult.Accepted.class);
    return ((BrokerResult.Accepted<ProcessInstanceCreationRecord>) result)
        .value()
        .getProcessInstanceKey();
  }
}
