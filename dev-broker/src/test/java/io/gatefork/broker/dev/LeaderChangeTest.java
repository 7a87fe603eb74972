package io.gatefork.broker.dev;

import static io.gatefork.broker.dev.TestProcesses.creation;
import static io.gatefork.broker.dev.TestProcesses.deploy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.PartitionRole;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A second broker takes over a partition in a higher term: the first one steps down from it, and
 * the new leader's keys do not collide with the old ones.
 */
class LeaderChangeTest {

  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final Duration STEP_DOWN = Duration.ofSeconds(10);

  @Test
  void brokerStepsDownWhenAnotherLeadsItsPartitionInAHigherTerm() {
    try (var first =
            EmbeddedBroker.start(
                EmbeddedBrokerConfig.builder()
                    .nodeId(0)
                    .port(FreePorts.next())
                    .clusterSize(2)
                    .recordJournal(true)
                    .build());
        var client = TestCommandClient.connect("zeebe-cluster", first.clusterAddress())) {
      client.awaitLeaders(1, 2, 3);
      deploy(client, TestProcesses.startToEnd("before"));
      final long oldKey = awaitCreated(client, first.clusterAddress(), "before");

      try (var second =
          EmbeddedBroker.start(
              first.config().toBuilder()
                  .nodeId(1)
                  .port(FreePorts.next())
                  .hostedPartitions(Set.of(3))
                  .term(2)
                  .initialContactPoints(List.of(first.clusterAddress()))
                  .build())) {
        await("the first broker no longer leads partition 3")
            .atMost(STEP_DOWN)
            .until(() -> !client.brokerInfo(0).getPartitionLeaderTerms().containsKey(3));
        assertThat(client.brokerInfo(0).getPartitionRoles())
            .containsEntry(1, PartitionRole.LEADER)
            .containsEntry(3, PartitionRole.FOLLOWER);
        assertThat(client.brokerInfo(1).getPartitionLeaderTerms()).containsEntry(3, 2L);
        assertThat(first.partitions()).containsExactly(1, 2);

        final var refused =
            client.sendTo(
                first.clusterAddress(),
                3,
                ValueType.PROCESS_INSTANCE_CREATION,
                ProcessInstanceCreationIntent.CREATE,
                creation("before"));
        assertThat(refused.errorCode())
            .as("%s", refused)
            .isEqualTo(ErrorCode.PARTITION_LEADER_MISMATCH);

        // the new leader starts empty: a new deployment reaches it from partition 1
        deploy(client, TestProcesses.startToEnd("after"));
        final long newKey = awaitCreated(client, second.clusterAddress(), "after");
        assertThat(Protocol.decodePartitionId(newKey)).isEqualTo(3);
        assertThat(newKey).isGreaterThan(oldKey);
        assertThat(Protocol.decodeKeyInPartition(newKey)).isGreaterThanOrEqualTo(1L << 40);

        // what the first broker's journal copied of partition 3 stays
        assertThat(
                first.records().find(r -> r.partitionId() == 3 && r.key() == oldKey).stream()
                    .map(JournalRecord::recordType))
            .contains(RecordType.EVENT);
      }
    }
  }

  /** Creates an instance on partition 3 of the broker once the deployment has reached it. */
  private static long awaitCreated(
      final TestCommandClient client, final String broker, final String processId) {
    return await("an instance of " + processId + " is created on partition 3 of " + broker)
        .atMost(WAIT)
        .until(
            () ->
                client.sendTo(
                    broker,
                    3,
                    ValueType.PROCESS_INSTANCE_CREATION,
                    ProcessInstanceCreationIntent.CREATE,
                    creation(processId)),
            response -> response.intent() == ProcessInstanceCreationIntent.CREATED)
        .key();
  }
}
