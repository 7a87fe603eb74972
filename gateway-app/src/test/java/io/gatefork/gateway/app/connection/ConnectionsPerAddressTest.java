package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * The connections per address of both APIs, REST on the gateway's own HTTP/1.1 protocol
 * (keep-alive-on-error on). gRPC: each channel is one connection; the sixth from one address is
 * closed at accept, so its call fails {@code UNAVAILABLE}; once a channel closes, a new one is
 * served.
 */
@TestPropertySource(
    properties = {
      "gatefork.rest.max-connections-per-address=" + RestConnectionsPerAddress.LIMIT,
      "gatefork.grpc.max-connections-per-address=" + RestConnectionsPerAddress.LIMIT
    })
@DirtiesContext // a setting no other test shares: not for the context cache
class ConnectionsPerAddressTest extends RestConnectionsPerAddress {

  @Test
  void aGrpcClientAddressHoldsAtMostTheLimitAndIsServedAgainWhenOneCloses() throws Exception {
    final double refusedBefore = refused(registry, "grpc");
    final List<ManagedChannel> channels = new ArrayList<>();
    try {
      for (int i = 0; i < LIMIT; i++) {
        final ManagedChannel channel = channel();
        channels.add(channel);
        assertThat(topology(channel).getBrokersCount()).isPositive();
      }
      final ManagedChannel sixth = channel();
      channels.add(sixth);
      assertThatThrownBy(() -> topology(sixth))
          .isInstanceOfSatisfying(
              StatusRuntimeException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE));
      assertThat(refused(registry, "grpc")).isGreaterThan(refusedBefore);

      final ManagedChannel first = channels.removeFirst();
      first.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(100))
          .until(this::servedOnANewChannel);
    } finally {
      for (final ManagedChannel channel : channels) {
        channel.shutdownNow();
      }
    }
  }

  private boolean servedOnANewChannel() {
    final ManagedChannel channel = channel();
    try {
      return topology(channel).getBrokersCount() > 0;
    } catch (final StatusRuntimeException refused) {
      return false;
    } finally {
      channel.shutdownNow();
    }
  }

  private ManagedChannel channel() {
    return ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext().build();
  }

  private static io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyResponse topology(
      final ManagedChannel channel) {
    return GatewayGrpc.newBlockingStub(channel)
        .withDeadlineAfter(5, TimeUnit.SECONDS)
        .topology(TopologyRequest.getDefaultInstance());
  }
}
