package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/**
 * A job stream opened while jobs of its type are already activatable gets them (its catch-up,
 * {@code gatefork.jobs.stream-catch-up-jobs}): brokers push only jobs that become activatable once
 * the stream is registered, so without it (seen failing with the key at 0, stock) these would wait
 * for the worker's next poll. The stream here is a bare gRPC call that never polls.
 */
class JobStreamCatchUpTest extends GatewayTestSupport {
  private static final Duration AT_ONCE = Duration.ofSeconds(2);

  @Test
  void aNewStreamGetsTheJobsAlreadyActivatable() {
    final String type = "caught-up";
    final Set<Long> instances = new HashSet<>();
    try (var client = client(false)) {
      deployProcess(client, ProcessFixtures.taskProcess(type, type), type + ".bpmn");
      for (int i = 0; i < 3; i++) {
        instances.add(ProcessFixtures.startLatest(client, type));
      }
    }
    final Set<Long> streamed = ConcurrentHashMap.newKeySet();
    final ManagedChannel channel =
        ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext().build();
    try {
      GatewayGrpc.newStub(channel)
          .streamActivatedJobs(
              StreamActivatedJobsRequest.newBuilder()
                  .setType(type)
                  .setWorker("catching-up")
                  .setTimeout(60_000)
                  .build(),
              new StreamObserver<>() {
                @Override
                public void onNext(final ActivatedJob job) {
                  streamed.add(job.getProcessInstanceKey());
                }

                @Override
                public void onError(final Throwable t) {}

                @Override
                public void onCompleted() {}
              });
      await("the activatable jobs on the new stream")
          .atMost(AT_ONCE)
          .until(() -> streamed.containsAll(instances));
    } finally {
      channel.shutdownNow();
    }
    assertThat(streamed).containsExactlyInAnyOrderElementsOf(instances);
  }
}
