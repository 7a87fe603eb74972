package io.gatefork.broker.client.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.record.ErrorCode;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.broker.client.request.BrokerRequests;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * Real backpressure: the engine's flow control with a tiny per-partition request limit answers
 * RESOURCE_EXHAUSTED. Counts what the broker received against what the client sent.
 */
class BackpressureIntegrationTest {
  private static final int BURST = 300;

  record Outcome(
      int accepted,
      int resourceExhausted,
      int retriesExhausted,
      long brokerCommands,
      long brokerResourceExhausted) {}

  private static Outcome burst(final ResourceExhaustedRetry mode) {
    try (var cluster = Cluster.start(1, mode)) {
      cluster.deploy(Map.of("work.bpmn", Cluster.serviceTaskProcess("work", "work")));
      cluster.broker.commands().reset();

      final List<CompletableFuture<BrokerResult<ProcessInstanceCreationRecord>>> futures =
          new ArrayList<>();
      for (int i = 0; i < BURST; i++) {
        futures.add(
            cluster.client.sendWithPartitionRetry(
                BrokerRequests.createProcessInstance(
                    new ProcessInstanceCreationRecord().setBpmnProcessId("work").setVersion(-1)),
                Duration.ofSeconds(10)));
      }
      int accepted = 0;
      int resourceExhausted = 0;
      int retriesExhausted = 0;
      for (final var future : futures) {
        try {
          final var result = future.join();
          if (result instanceof BrokerResult.Accepted) {
            accepted++;
          } else if (result instanceof BrokerResult.Error<?> e
              && e.code() == ErrorCode.RESOURCE_EXHAUSTED) {
            resourceExhausted++;
          } else {
            throw new AssertionError("unexpected answer " + result);
          }
        } catch (final CompletionException e) {
          assertThat(e.getCause()).isInstanceOf(BrokerClientException.RetriesExhausted.class);
          retriesExhausted++;
        }
      }
      return new Outcome(
          accepted,
          resourceExhausted,
          retriesExhausted,
          cluster.broker.commands().total(),
          cluster.broker.commands().resourceExhaustedTotal());
    }
  }

  @Test
  void failFastSendsExactlyOneCommandPerRequestAndAnswersResourceExhausted() {
    final var outcome = burst(ResourceExhaustedRetry.FAIL_FAST);

    assertThat(outcome.resourceExhausted()).isPositive();
    assertThat(outcome.retriesExhausted()).isZero();
    assertThat(outcome.accepted() + outcome.resourceExhausted()).isEqualTo(BURST);
    assertThat(outcome.brokerCommands()).isEqualTo(BURST);
    assertThat(outcome.brokerResourceExhausted()).isEqualTo(outcome.resourceExhausted());
  }

  @Test
  void nextPartitionModeHopsAcrossEveryPartitionBeforeGivingUp() {
    final var outcome = burst(ResourceExhaustedRetry.NEXT_PARTITION);

    // stock behaviour: a refused request is retried on the others, never answered as refused
    assertThat(outcome.resourceExhausted()).isZero();
    assertThat(outcome.retriesExhausted()).isPositive();
    assertThat(outcome.accepted() + outcome.retriesExhausted()).isEqualTo(BURST);
    // every request that gave up was refused once by each of the three partitions
    assertThat(outcome.brokerResourceExhausted())
        .isGreaterThanOrEqualTo(3L * outcome.retriesExhausted());
    assertThat(outcome.brokerCommands())
        .isEqualTo(outcome.accepted() + outcome.brokerResourceExhausted());
    assertThat(outcome.brokerCommands()).isGreaterThan(BURST);
  }
}
