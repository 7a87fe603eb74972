package io.gatefork.broker.dev;

import static io.gatefork.broker.dev.TestProcesses.activateJobs;
import static io.gatefork.broker.dev.TestProcesses.createInstance;
import static io.gatefork.broker.dev.TestProcesses.creation;
import static io.gatefork.broker.dev.TestProcesses.deploy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.atomix.cluster.MemberId;
import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.SubscriptionUtil;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.record.PartitionRole;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.CommandDistributionIntent;
import io.camunda.zeebe.protocol.record.intent.DeploymentIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.MessageIntent;
import io.camunda.zeebe.protocol.record.intent.MessageSubscriptionIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessMessageSubscriptionIntent;
import io.camunda.zeebe.protocol.record.value.BpmnElementType;
import io.camunda.zeebe.util.VersionUtil;
import io.camunda.zeebe.util.buffer.BufferUtil;
import java.time.Duration;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** One three-partition broker with the record journal on, driven by a test gateway member. */
class EmbeddedBrokerTest {

  private static final Duration WAIT = Duration.ofSeconds(20);

  private static EmbeddedBroker broker;
  private static TestCommandClient client;
  private static long deploymentKey;

  @BeforeAll
  static void startBroker() {
    broker =
        EmbeddedBroker.start(
            EmbeddedBrokerConfig.builder().port(FreePorts.next()).recordJournal(true).build());
    client = TestCommandClient.connect("zeebe-cluster", broker.clusterAddress());
    client.awaitLeaders(1, 2, 3);
    deploymentKey =
        deploy(
            client,
            TestProcesses.serviceTask("order", "ship"),
            TestProcesses.serviceTask("fulfil", "pack"),
            TestProcesses.serviceTask("notify", "notify-type"),
            TestProcesses.messageThenTask("payment", "order-paid", "after-payment"));
  }

  @AfterAll
  static void stopBroker() {
    if (client != null) {
      client.close();
    }
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void publishesBrokerInfo() {
    await()
        .atMost(WAIT)
        .untilAsserted(
            () -> {
              final var info = client.brokerInfo(0);
              assertThat(info).isNotNull();
              assertThat(info.getNodeId()).isZero();
              assertThat(info.getCommandApiAddress()).isEqualTo(broker.clusterAddress());
              assertThat(info.getPartitionsCount()).isEqualTo(3);
              assertThat(info.getClusterSize()).isEqualTo(1);
              assertThat(info.getReplicationFactor()).isEqualTo(1);
              assertThat(info.getVersion()).isEqualTo(VersionUtil.getVersion());
              assertThat(info.getPartitionRoles())
                  .containsExactlyInAnyOrderEntriesOf(
                      Map.of(
                          1, PartitionRole.LEADER,
                          2, PartitionRole.LEADER,
                          3, PartitionRole.LEADER));
              assertThat(info.getPartitionLeaderTerms()).containsOnlyKeys(1, 2, 3);
            });
    assertThat(broker.partitions()).containsExactly(1, 2, 3);
    assertThat(broker.clusterAddress()).isEqualTo("127.0.0.1:" + broker.port());
  }

  @Test
  void distributesTheDeploymentToEveryPartition() {
    final var journal = broker.records();
    assertThat(
            journal.awaitRecord(
                r ->
                    r.partitionId() == 1
                        && r.key() == deploymentKey
                        && r.is(
                            RecordType.EVENT,
                            ValueType.COMMAND_DISTRIBUTION,
                            CommandDistributionIntent.FINISHED),
                WAIT))
        .isPresent();
    for (final int partition : new int[] {2, 3}) {
      assertThat(
              journal.find(
                  r ->
                      r.partitionId() == partition
                          && r.key() == deploymentKey
                          && r.is(
                              RecordType.EVENT, ValueType.DEPLOYMENT, DeploymentIntent.CREATED)))
          .hasSize(1);
    }

    for (int partition = 1; partition <= 3; partition++) {
      final var response = createInstance(client, partition, creation("order"));

      assertThat(response.isError()).as("%s", response).isFalse();
      assertThat(response.intent()).isEqualTo(ProcessInstanceCreationIntent.CREATED);
      assertThat(response.partitionId()).isEqualTo(partition);
      final var created = response.valueAs(new ProcessInstanceCreationRecord());
      assertThat(Protocol.decodePartitionId(created.getProcessInstanceKey())).isEqualTo(partition);
    }
  }

  @Test
  void activatesAndCompletesAJob() throws InterruptedException {
    // a job type no other test creates jobs of
    final var created = createInstance(client, 2, creation("fulfil", "{\"item\":\"book\"}"));
    final long instanceKey =
        created.valueAs(new ProcessInstanceCreationRecord()).getProcessInstanceKey();

    final var jobKeys = activateJobs(client, 2, "pack", WAIT);
    assertThat(jobKeys).hasSize(1);
    final long jobKey = jobKeys.getFirst();
    assertThat(Protocol.decodePartitionId(jobKey)).isEqualTo(2);

    final var completed =
        client.send(2, ValueType.JOB, JobIntent.COMPLETE, jobKey, new JobRecord());

    assertThat(completed.isError()).as("%s", completed).isFalse();
    assertThat(completed.intent()).isEqualTo(JobIntent.COMPLETED);
    assertThat(completed.key()).isEqualTo(jobKey);
    assertThat(
            broker
                .records()
                .awaitRecord(
                    r ->
                        r.key() == instanceKey
                            && r.is(
                                RecordType.EVENT,
                                ValueType.PROCESS_INSTANCE,
                                ProcessInstanceIntent.ELEMENT_COMPLETED)
                            && r.valueJson()
                                .contains(
                                    "\"bpmnElementType\":\"" + BpmnElementType.PROCESS + "\""),
                    WAIT))
        .as("the instance completed")
        .isPresent();
  }

  @Test
  void rejectsCompletingAnUnknownJob() {
    final long unknownJobKey = Protocol.encodePartitionId(1, 123_456_789L);

    final var response =
        client.send(1, ValueType.JOB, JobIntent.COMPLETE, unknownJobKey, new JobRecord());

    assertThat(response.isRejection()).as("%s", response).isTrue();
    assertThat(response.rejectionType()).isEqualTo(RejectionType.NOT_FOUND);
    assertThat(response.rejectionReason()).contains(String.valueOf(unknownJobKey));
  }

  @Test
  void correlatesAMessageAcrossPartitions() throws InterruptedException {
    final int instancePartition = 2;
    final int messagePartition = 3;
    final String correlationKey = correlationKeyOnPartition(messagePartition);
    final var created =
        createInstance(
            client,
            instancePartition,
            creation("payment", "{\"orderId\":\"" + correlationKey + "\"}"));
    assertThat(created.isError()).as("%s", created).isFalse();
    final long instanceKey =
        created.valueAs(new ProcessInstanceCreationRecord()).getProcessInstanceKey();
    assertThat(
            broker
                .records()
                .awaitRecord(
                    r ->
                        r.partitionId() == messagePartition
                            && r.is(
                                RecordType.EVENT,
                                ValueType.MESSAGE_SUBSCRIPTION,
                                MessageSubscriptionIntent.CREATED)
                            && r.valueJson().contains(correlationKey),
                    WAIT))
        .as("subscription opened on the message partition")
        .isPresent();

    final var message =
        new MessageRecord()
            .setName("order-paid")
            .setCorrelationKey(correlationKey)
            .setTimeToLive(60_000)
            .setVariables(new UnsafeBuffer(MsgPackConverter.convertToMsgPack("{\"paid\":true}")));
    final var published =
        client.send(messagePartition, ValueType.MESSAGE, MessageIntent.PUBLISH, message);
    assertThat(published.intent()).as("%s", published).isEqualTo(MessageIntent.PUBLISHED);

    assertThat(
            broker
                .records()
                .awaitRecord(
                    r ->
                        r.partitionId() == instancePartition
                            && r.is(
                                RecordType.EVENT,
                                ValueType.PROCESS_MESSAGE_SUBSCRIPTION,
                                ProcessMessageSubscriptionIntent.CORRELATED)
                            && r.valueJson().contains("\"processInstanceKey\":" + instanceKey),
                    WAIT))
        .as("correlated on the instance's partition")
        .isPresent();
    assertThat(activateJobs(client, instancePartition, "after-payment", WAIT)).hasSize(1);
  }

  @Test
  void announcesAvailableJobsToSubscribers() {
    final MemberId clientId = client.cluster().getMembershipService().getLocalMember().id();
    await("the broker knows the subscription")
        .atMost(WAIT)
        .until(
            () ->
                broker
                    .cluster()
                    .getEventService()
                    .getSubscribers("jobsAvailable")
                    .contains(clientId));
    client.jobsAvailable().clear();

    final var created = createInstance(client, 3, creation("notify"));
    assertThat(created.isError()).as("%s", created).isFalse();

    await("jobsAvailable reaches the client")
        .atMost(WAIT)
        .until(() -> client.jobsAvailable().contains("notify-type"));
  }

  @Test
  void countsEveryReceivedCommand() {
    broker.commands().reset();

    createInstance(client, 1, creation("order"));
    createInstance(client, 3, creation("order"));
    createInstance(client, 3, creation("no-such-process"));

    assertThat(broker.commands().total()).isEqualTo(3);
    assertThat(broker.commands().received(1)).isEqualTo(1);
    assertThat(broker.commands().received(2)).isZero();
    assertThat(broker.commands().received(3)).isEqualTo(2);
    assertThat(broker.commands().resourceExhaustedTotal()).isZero();
  }

  /** A correlation key whose message subscriptions live on the given partition (of 3). */
  private static String correlationKeyOnPartition(final int partition) {
    for (int i = 0; ; i++) {
      final String key = "order-" + i;
      if (SubscriptionUtil.getSubscriptionPartitionId(BufferUtil.wrapString(key), 3) == partition) {
        return key;
      }
    }
  }
}
