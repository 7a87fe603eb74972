package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * One client connection runs at most {@code gatefork.grpc.max-concurrent-calls-per-connection}
 * calls at once (HTTP/2 MAX_CONCURRENT_STREAMS): with that many long polls open, grpc-java's client
 * holds the next call until one of them ends. (They end at their request timeout here; when the
 * client cancelled one of them instead, the held call was seen to start only with the connection's
 * next write: the client's side of HTTP/2, not the gateway's.)
 */
@TestPropertySource(properties = "gatefork.grpc.max-concurrent-calls-per-connection=4")
class GrpcConcurrentCallsTest extends GatewayTestSupport {
  private ManagedChannel channel;

  @BeforeEach
  void openChannel() {
    // one channel, one connection
    channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext().build();
  }

  @AfterEach
  void closeChannel() {
    channel.shutdownNow();
  }

  @Test
  void callsBeyondTheLimitWaitForAStreamOfTheConnection() throws Exception {
    final var gateway = GatewayGrpc.newStub(channel);
    // warm the connection so the server's SETTINGS have arrived
    GatewayGrpc.newBlockingStub(channel)
        .withDeadlineAfter(20, TimeUnit.SECONDS)
        .topology(TopologyRequest.getDefaultInstance());

    final List<CompletableFuture<Long>> polls = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      final var ended = new CompletableFuture<Long>();
      polls.add(ended);
      gateway.activateJobs(
          ActivateJobsRequest.newBuilder()
              .setType("nobody-creates-these")
              .setMaxJobsToActivate(1)
              .setTimeout(1000)
              .setRequestTimeout(4_000)
              .build(),
          new Ending<>(ended));
    }
    Thread.sleep(1_000); // the polls are open on the server
    final var topology = new CompletableFuture<Long>();
    gateway
        .withDeadlineAfter(30, TimeUnit.SECONDS)
        .topology(TopologyRequest.getDefaultInstance(), new Ending<>(topology));

    Thread.sleep(2_000);
    assertThat(polls).noneMatch(CompletableFuture::isDone);
    assertThat(topology).as("the fifth call waits").isNotDone();

    // the polls end at their request timeout: then the fifth call runs
    final long answered = topology.get(20, TimeUnit.SECONDS);
    final long firstPollEnded =
        polls.stream().mapToLong(CompletableFuture::join).min().orElseThrow();
    assertThat(answered).isGreaterThanOrEqualTo(firstPollEnded);
  }

  /** Completes with the time (nanos) the call ended; fails when it failed. */
  private record Ending<T>(CompletableFuture<Long> ended) implements StreamObserver<T> {
    @Override
    public void onNext(final T value) {}

    @Override
    public void onError(final Throwable t) {
      ended.completeExceptionally(t);
    }

    @Override
    public void onCompleted() {
      ended.complete(System.nanoTime());
    }
  }
}
