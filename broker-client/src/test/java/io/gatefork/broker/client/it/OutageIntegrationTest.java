package io.gatefork.broker.client.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.ResourceExhaustedRetry;
import io.gatefork.broker.client.cluster.ClusterBrokerClient;
import io.gatefork.broker.client.request.BrokerRequests;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** No broker, and a broker that goes away: requests fail with a clear error, never hang. */
class OutageIntegrationTest {

  private static Throwable cause(final CompletableFuture<?> future) {
    try {
      future.join();
      throw new AssertionError("expected the request to fail");
    } catch (final CompletionException e) {
      return e.getCause();
    }
  }

  @Test
  void withoutAnyBrokerRequestsFailAtOnceWithNoTopology() {
    final var config =
        Cluster.clientConfig("127.0.0.1:" + FreePorts.next(), ResourceExhaustedRetry.FAIL_FAST);
    try (BrokerClient client = ClusterBrokerClient.start(config, new SimpleMeterRegistry())) {
      final var create =
          client.sendWithPartitionRetry(
              BrokerRequests.createProcessInstance(
                  new ProcessInstanceCreationRecord().setBpmnProcessId("p")),
              Duration.ofMinutes(5));
      final var complete =
          client.send(
              BrokerRequests.completeJob(Protocol.encodePartitionId(1, 1), new JobRecord()));

      // failed before anything was sent: no waiting for the (five minute) timeout
      assertThat(create).isCompletedExceptionally();
      assertThat(complete).isCompletedExceptionally();
      assertThat(cause(create)).isInstanceOf(BrokerClientException.NoTopology.class);
      assertThat(cause(complete)).isInstanceOf(BrokerClientException.NoTopology.class);
    }
  }

  @Test
  void whenTheBrokerStopsRequestsFailAsUnavailableWithinTheTimeoutAndNoThreadIsLeftWaiting() {
    final var cluster = Cluster.start(0, ResourceExhaustedRetry.FAIL_FAST);
    try {
      cluster.deploy(Map.of("work.bpmn", Cluster.serviceTaskProcess("work", "work")));
      final var before =
          cluster
              .client
              .sendWithPartitionRetry(
                  BrokerRequests.createProcessInstance(
                      new ProcessInstanceCreationRecord().setBpmnProcessId("work").setVersion(-1)),
                  null)
              .join();
      assertThat(before).isInstanceOf(BrokerResult.Accepted.class);
      final int threadsBefore = Thread.activeCount();

      cluster.broker.close();
      final List<CompletableFuture<?>> during = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        during.add(
            cluster.client.send(
                BrokerRequests.completeJob(
                    Protocol.encodePartitionId(1 + i % 3, i), new JobRecord()),
                Duration.ofSeconds(5)));
      }

      // each one ends (within its 5 s deadline) as unavailable: refused connection, or no leader
      // once membership noticed the broker is gone; none times out silently
      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> during.stream().allMatch(CompletableFuture::isDone));
      for (final var future : during) {
        assertThat(cause(future))
            .isInstanceOfAny(
                BrokerClientException.Unavailable.class,
                BrokerClientException.NoLeader.class,
                BrokerClientException.ConnectionClosed.class);
      }
      // async all the way: failing 50 requests did not park 50 threads
      assertThat(Thread.activeCount()).isLessThan(threadsBefore + 10);

      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> cluster.client.topology().partitionsWithLeader().length == 0);
      final var after =
          cluster.client.send(
              BrokerRequests.completeJob(Protocol.encodePartitionId(1, 1), new JobRecord()));
      assertThat(after).isCompletedExceptionally();
      assertThat(cause(after)).isInstanceOf(BrokerClientException.NoLeader.class);
    } finally {
      cluster.client.close();
    }
  }
}
