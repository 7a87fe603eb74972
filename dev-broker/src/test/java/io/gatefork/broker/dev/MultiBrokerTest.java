package io.gatefork.broker.dev;

import static io.gatefork.broker.dev.TestProcesses.activateJobs;
import static io.gatefork.broker.dev.TestProcesses.createInstance;
import static io.gatefork.broker.dev.TestProcesses.creation;
import static io.gatefork.broker.dev.TestProcesses.deploy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.protocol.impl.SubscriptionUtil;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageRecord;
import io.camunda.zeebe.protocol.record.PartitionRole;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.MessageIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessMessageSubscriptionIntent;
import io.camunda.zeebe.util.buffer.BufferUtil;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * Two embedded brokers form one cluster, each leading one of two partitions; commands between the
 * partitions travel over Atomix.
 */
class MultiBrokerTest {

  private static final Duration WAIT = Duration.ofSeconds(30);

  @Test
  void partitionsOnDifferentBrokersWorkTogether() throws InterruptedException {
    final var base =
        EmbeddedBrokerConfig.builder().partitionCount(2).clusterSize(2).recordJournal(true).build();
    try (var first =
            EmbeddedBroker.start(
                base.toBuilder()
                    .nodeId(0)
                    .port(FreePorts.next())
                    .hostedPartitions(Set.of(1))
                    .build());
        var second =
            EmbeddedBroker.start(
                base.toBuilder()
                    .nodeId(1)
                    .port(FreePorts.next())
                    .hostedPartitions(Set.of(2))
                    .initialContactPoints(List.of(first.clusterAddress()))
                    .build());
        var client = TestCommandClient.connect("zeebe-cluster", first.clusterAddress())) {
      client.awaitLeaders(1, 2);
      final var secondInfo = client.brokerInfo(1);
      assertThat(secondInfo.getCommandApiAddress()).isEqualTo(second.clusterAddress());
      assertThat(secondInfo.getClusterSize()).isEqualTo(2);
      assertThat(secondInfo.getPartitionsCount()).isEqualTo(2);
      assertThat(secondInfo.getPartitionRoles()).isEqualTo(Map.of(2, PartitionRole.LEADER));

      deploy(
          client,
          TestProcesses.serviceTask("order", "ship"),
          TestProcesses.messageThenTask("payment", "order-paid", "after-payment"));

      // deployment distribution 1 -> 2 crosses brokers
      await("the deployment reached partition 2")
          .atMost(WAIT)
          .until(
              () ->
                  createInstance(client, 2, creation("order")).intent()
                      == ProcessInstanceCreationIntent.CREATED);
      assertThat(second.commands().received(2)).isPositive();
      assertThat(first.commands().received(2)).isZero();

      // message subscription 1 -> 2 and correlation 2 -> 1 cross brokers too
      final String correlationKey = correlationKeyOnPartition(2);
      final var created =
          createInstance(
              client, 1, creation("payment", "{\"orderId\":\"" + correlationKey + "\"}"));
      assertThat(created.intent())
          .as("%s", created)
          .isEqualTo(ProcessInstanceCreationIntent.CREATED);
      final var message =
          new MessageRecord()
              .setName("order-paid")
              .setCorrelationKey(correlationKey)
              .setTimeToLive(60_000)
              .setVariables(new UnsafeBuffer(MsgPackConverter.convertToMsgPack("{}")));
      assertThat(client.send(2, ValueType.MESSAGE, MessageIntent.PUBLISH, message).intent())
          .isEqualTo(MessageIntent.PUBLISHED);

      assertThat(
              first
                  .records()
                  .awaitRecord(
                      r ->
                          r.is(
                              RecordType.EVENT,
                              ValueType.PROCESS_MESSAGE_SUBSCRIPTION,
                              ProcessMessageSubscriptionIntent.CORRELATED),
                      WAIT))
          .isPresent();
      assertThat(activateJobs(client, 1, "after-payment", WAIT)).hasSize(1);
    }
  }

  private static String correlationKeyOnPartition(final int partition) {
    for (int i = 0; ; i++) {
      final String key = "order-" + i;
      if (SubscriptionUtil.getSubscriptionPartitionId(BufferUtil.wrapString(key), 2) == partition) {
        return key;
      }
    }
  }
}
