package io.gatefork.broker.client.retry;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.broker.client.routing.PartitionRouter;
import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.broker.client.topology.TestTopologies;
import io.gatefork.broker.client.transport.PartitionSender;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

class RequestRetryHandlerTest {
  private static final long TIMEOUT = TimeUnit.SECONDS.toNanos(15);

  /** A transport that answers each partition as the test says and records every attempt. */
  static final class ScriptedSender implements PartitionSender {
    final List<Integer> attempts = new ArrayList<>();
    final List<byte[]> buffers = new ArrayList<>();
    final IntFunction<Object> answer;

    ScriptedSender(final IntFunction<Object> answer) {
      this.answer = answer;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends UnifiedRecordValue> CompletableFuture<BrokerResult<T>> send(
        final BrokerRequest<T> request,
        final int partitionId,
        final byte[] encoded,
        final long timeoutNanos,
        final boolean retryInPartition) {
      attempts.add(partitionId);
      buffers.add(encoded);
      final Object outcome = answer.apply(partitionId);
      return outcome instanceof Throwable t
          ? CompletableFuture.failedFuture(t)
          : CompletableFuture.completedFuture((BrokerResult<T>) outcome);
    }
  }

  static BrokerResult<?> error(final int partition, final ErrorCode code) {
    return new BrokerResult.Error<>(partition, code, code.name());
  }

  private static CompletableFuture<BrokerResult<ProcessInstanceCreationRecord>> create(
      final ScriptedSender sender,
      final BrokerTopology topology,
      final ResourceExhaustedRetry mode) {
    final var handler =
        new RequestRetryHandler(sender, () -> topology, new PartitionRouter(), mode);
    return handler.send(
        BrokerRequests.createProcessInstance(
            new ProcessInstanceCreationRecord().setBpmnProcessId("p")),
        TIMEOUT);
  }

  private static Throwable failure(final CompletableFuture<?> future) {
    try {
      future.join();
      throw new AssertionError("expected a failure");
    } catch (final CompletionException e) {
      return e.getCause();
    }
  }

  @Test
  void failFastAnswersResourceExhaustedAfterOneAttempt() {
    final var sender = new ScriptedSender(p -> error(p, ErrorCode.RESOURCE_EXHAUSTED));

    final var result =
        create(sender, TestTopologies.oneBroker(3), ResourceExhaustedRetry.FAIL_FAST).join();

    assertThat(result)
        .isInstanceOfSatisfying(
            BrokerResult.Error.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.RESOURCE_EXHAUSTED));
    assertThat(sender.attempts).hasSize(1);
  }

  @Test
  void nextPartitionModeTriesEveryPartitionOnceThenGivesUp() {
    final var sender = new ScriptedSender(p -> error(p, ErrorCode.RESOURCE_EXHAUSTED));

    final var error =
        failure(create(sender, TestTopologies.oneBroker(3), ResourceExhaustedRetry.NEXT_PARTITION));

    assertThat(error).isInstanceOf(BrokerClientException.RetriesExhausted.class);
    assertThat(sender.attempts).hasSize(3).doesNotHaveDuplicates();
  }

  @Test
  void walksPartitionsInOrderFromTheRoundRobinStart() {
    final var sender = new ScriptedSender(p -> error(p, ErrorCode.PARTITION_LEADER_MISMATCH));
    final var topology = TestTopologies.oneBroker(3);
    final var handler =
        new RequestRetryHandler(
            sender, () -> topology, new PartitionRouter(), ResourceExhaustedRetry.FAIL_FAST);
    final var request = BrokerRequests.createProcessInstance(new ProcessInstanceCreationRecord());

    handler.send(request, TIMEOUT); // starts at 1
    sender.attempts.clear();
    failure(handler.send(request, TIMEOUT)); // starts at 2

    assertThat(sender.attempts).containsExactly(2, 3, 1);
  }

  @Test
  void movesOnWhenTheLeaderCannotBeReached() {
    final var sender =
        new ScriptedSender(
            p ->
                p == 1
                    ? new BrokerClientException.Unavailable("refused", null)
                    : new BrokerResult.Accepted<>(
                        p,
                        7L,
                        ProcessInstanceCreationIntent.CREATED,
                        new ProcessInstanceCreationRecord(),
                        null,
                        0,
                        0));

    final var result =
        create(sender, TestTopologies.oneBroker(3), ResourceExhaustedRetry.FAIL_FAST).join();

    assertThat(result.partitionId()).isEqualTo(2);
    assertThat(sender.attempts).containsExactly(1, 2);
  }

  @Test
  void skipsPartitionsWithoutLeader() {
    final var sender = new ScriptedSender(p -> error(p, ErrorCode.PARTITION_LEADER_MISMATCH));

    failure(create(sender, TestTopologies.oneBroker(3, 2), ResourceExhaustedRetry.FAIL_FAST));

    assertThat(sender.attempts).containsExactly(1, 3);
  }

  @Test
  void anEngineRejectionIsFinal() {
    final var sender =
        new ScriptedSender(
            p ->
                new BrokerResult.Rejected<>(
                    p,
                    -1,
                    ProcessInstanceCreationIntent.CREATE,
                    RejectionType.NOT_FOUND,
                    "no process"));

    final var result =
        create(sender, TestTopologies.oneBroker(3), ResourceExhaustedRetry.NEXT_PARTITION).join();

    assertThat(result).isInstanceOf(BrokerResult.Rejected.class);
    assertThat(sender.attempts).hasSize(1);
  }

  @Test
  void aTimeoutIsNotRetriedOnAnotherPartition() {
    final var sender = new ScriptedSender(p -> new BrokerClientException.Timeout("X", 1));

    final var error =
        failure(create(sender, TestTopologies.oneBroker(3), ResourceExhaustedRetry.NEXT_PARTITION));

    assertThat(error).isInstanceOf(BrokerClientException.Timeout.class);
    assertThat(sender.attempts).hasSize(1);
  }

  @Test
  void encodesTheRequestOnceAndRetargetsTheSameBytes() {
    final var sender = new ScriptedSender(p -> error(p, ErrorCode.PARTITION_LEADER_MISMATCH));

    failure(create(sender, TestTopologies.oneBroker(3), ResourceExhaustedRetry.FAIL_FAST));

    assertThat(sender.buffers).hasSize(3);
    assertThat(sender.buffers.stream().distinct()).hasSize(1);
  }

  @Test
  void failsAtOnceWithoutTopology() {
    final var sender = new ScriptedSender(p -> error(p, ErrorCode.RESOURCE_EXHAUSTED));

    final var error =
        failure(create(sender, BrokerTopology.EMPTY, ResourceExhaustedRetry.FAIL_FAST));

    assertThat(error).isInstanceOf(BrokerClientException.NoTopology.class);
    assertThat(sender.attempts).isEmpty();
  }
}
