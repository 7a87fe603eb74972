package io.gatefork.broker.client.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.SubscriptionUtil;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessMessageSubscriptionIntent;
import io.camunda.zeebe.util.VersionUtil;
import io.camunda.zeebe.util.buffer.BufferUtil;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.broker.client.request.PartitionTarget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The broker client against a real engine: three partitions in an embedded broker. */
class BrokerClientIntegrationTest {
  private static Cluster cluster;

  @BeforeAll
  static void start() {
    cluster = Cluster.start(0, ResourceExhaustedRetry.FAIL_FAST);
    cluster.deploy(
        Map.of(
            "work.bpmn",
            Cluster.serviceTaskProcess("work", "work"),
            "msg.bpmn",
            Bpmn.createExecutableProcess("msg")
                .startEvent()
                .intermediateCatchEvent(
                    "wait",
                    c -> c.message(m -> m.name("paid").zeebeCorrelationKeyExpression("orderId")))
                .serviceTask("after", t -> t.zeebeJobType("after-msg"))
                .endEvent()
                .done()));
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  @Test
  void topologyShowsTheBrokerLeadingEveryPartition() {
    final var topology = cluster.client.topology();

    assertThat(topology.partitionsCount()).isEqualTo(3);
    assertThat(topology.brokers())
        .singleElement()
        .satisfies(
            b -> {
              assertThat(b.commandApiAddress()).isEqualTo(cluster.broker.clusterAddress());
              assertThat(b.version()).isEqualTo(VersionUtil.getVersion());
            });
    assertThat(topology.partitions())
        .allSatisfy(
            p -> {
              assertThat(p.leaderNodeId()).isZero();
              assertThat(p.health()).isEqualTo("HEALTHY");
            });
  }

  @Test
  void createdInstancesLandOnEveryPartitionAndTheirJobsCanBeCompleted() {
    final Set<Integer> partitions = new HashSet<>();
    for (int i = 0; i < 6; i++) {
      final var result =
          cluster
              .client
              .sendWithPartitionRetry(
                  BrokerRequests.createProcessInstance(
                      new ProcessInstanceCreationRecord().setBpmnProcessId("work").setVersion(-1)),
                  null)
              .join();
      assertThat(result).isInstanceOf(BrokerResult.Accepted.class);
      final long instanceKey =
          ((BrokerResult.Accepted<ProcessInstanceCreationRecord>) result)
              .value()
              .getProcessInstanceKey();
      partitions.add(Protocol.decodePartitionId(instanceKey));
    }
    assertThat(partitions).containsExactlyInAnyOrder(1, 2, 3);

    final List<Long> completed = new ArrayList<>();
    for (int partition = 1; partition <= 3; partition++) {
      for (final long jobKey : activate(partition, "work", 10)) {
        final var result =
            cluster.client.send(BrokerRequests.completeJob(jobKey, new JobRecord())).join();
        assertThat(result)
            .isInstanceOfSatisfying(
                BrokerResult.Accepted.class,
                a -> assertThat(a.intent()).isEqualTo(JobIntent.COMPLETED));
        completed.add(jobKey);
      }
    }
    assertThat(completed).hasSize(6);
  }

  @Test
  void aMessageCorrelatesToAnInstanceOnAnotherPartition() {
    final int instancePartition = 2;
    final String correlationKey = keyHashingTo(3);
    final var create =
        new ProcessInstanceCreationRecord()
            .setBpmnProcessId("msg")
            .setVersion(-1)
            .setVariables(
                new UnsafeBuffer(
                    MsgPackConverter.convertToMsgPack("{\"orderId\":\"" + correlationKey + "\"}")));
    final var created =
        cluster
            .client
            .send(
                new BrokerRequest<>(
                    ValueType.PROCESS_INSTANCE_CREATION,
                    ProcessInstanceCreationIntent.CREATE,
                    BrokerRequest.NO_KEY,
                    create,
                    PartitionTarget.fixed(instancePartition),
                    ProcessInstanceCreationRecord::new))
            .join();
    assertThat(created).isInstanceOf(BrokerResult.Accepted.class);

    await()
        .atMost(Duration.ofSeconds(15))
        .until(
            () -> {
              final var message =
                  new MessageRecord()
                      .setName("paid")
                      .setCorrelationKey(correlationKey)
                      .setTimeToLive(60_000)
                      .setVariables(
                          new UnsafeBuffer(MsgPackConverter.convertToMsgPack("{\"paid\":true}")));
              final var published =
                  cluster.client.send(BrokerRequests.publishMessage(message)).join();
              assertThat(published.partitionId()).isEqualTo(3);
              return cluster
                  .broker
                  .records()
                  .awaitRecord(
                      r ->
                          r.partitionId() == instancePartition
                              && r.is(
                                  RecordType.EVENT,
                                  ValueType.PROCESS_MESSAGE_SUBSCRIPTION,
                                  ProcessMessageSubscriptionIntent.CORRELATED),
                      Duration.ofSeconds(2))
                  .isPresent();
            });
    assertThat(activate(instancePartition, "after-msg", 1)).hasSize(1);
  }

  @Test
  void completingAnUnknownJobIsRejectedAsNotFoundWithTheEnginesReason() {
    final long unknownJob = Protocol.encodePartitionId(2, 999_999);

    final var result =
        cluster.client.send(BrokerRequests.completeJob(unknownJob, new JobRecord())).join();

    assertThat(result)
        .isInstanceOfSatisfying(
            BrokerResult.Rejected.class,
            rejected -> {
              assertThat(rejected.type()).isEqualTo(RejectionType.NOT_FOUND);
              assertThat(rejected.intent()).isEqualTo(JobIntent.COMPLETE);
              assertThat(rejected.reason())
                  .contains("Expected to complete job with key '" + unknownJob + "'")
                  .contains("no such job was found");
            });
  }

  @Test
  void brokerRequestsAreMeteredUnderTheStockNames() {
    cluster
        .client
        .send(BrokerRequests.completeJob(Protocol.encodePartitionId(1, 5), new JobRecord()))
        .join();

    assertThat(
            cluster
                .registry
                .find("zeebe.gateway.request.latency")
                .tag("requestType", "JOB#COMPLETE")
                .tag("partition", "1")
                .timer())
        .isNotNull()
        .satisfies(t -> assertThat(t.count()).isPositive());
    assertThat(cluster.registry.find("zeebe.gateway.total.requests").counters()).isNotEmpty();
    assertThat(
            cluster
                .registry
                .find("zeebe.gateway.topology.partition.roles")
                .tag("partition", "3")
                .tag("broker", "0")
                .gauge()
                .value())
        .isEqualTo(3.0);
  }

  static String keyHashingTo(final int partition) {
    for (int i = 0; ; i++) {
      final String key = "order-" + i;
      if (SubscriptionUtil.getSubscriptionPartitionId(BufferUtil.wrapString(key), 3) == partition) {
        return key;
      }
    }
  }

  /** Activates jobs of a type on one partition, polling until some exist. */
  static List<Long> activate(final int partition, final String type, final int max) {
    final List<Long> keys = new ArrayList<>();
    await()
        .atMost(Duration.ofSeconds(15))
        .until(
            () -> {
              final var batch =
                  new JobBatchRecord()
                      .setType(type)
                      .setWorker("it")
                      .setTimeout(60_000)
                      .setMaxJobsToActivate(max);
              final var result =
                  cluster.client.send(BrokerRequests.activateJobs(partition, batch)).join();
              if (result instanceof BrokerResult.Accepted<JobBatchRecord> accepted) {
                keys.addAll(accepted.value().getJobKeys());
              }
              return !keys.isEmpty();
            });
    return keys;
  }
}
