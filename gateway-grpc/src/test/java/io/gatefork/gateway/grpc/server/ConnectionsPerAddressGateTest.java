package io.gatefork.gateway.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.connection.ConnectionsPerAddress;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.NettyChannelBuilder;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One client address holds at most {@code maxConnectionsPerAddress} connections: a further one is
 * closed at accept (its call fails UNAVAILABLE), and the state is gone when the connections are.
 */
class ConnectionsPerAddressGateTest {

  @Test
  void aConnectionBeyondTheLimitIsClosedAndClosedOnesAreForgotten() throws Exception {
    final List<ManagedChannel> channels = new ArrayList<>();
    try (var gateway = new TestGateway(TestGateway.config().maxConnectionsPerAddress(2).build())) {
      for (int i = 0; i < 3; i++) {
        channels.add(channel(gateway));
      }
      topology(channels.get(0));
      topology(channels.get(1));

      assertThatThrownBy(() -> topology(channels.get(2)))
          .isInstanceOfSatisfying(
              StatusRuntimeException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE));
      assertThat(refused(gateway)).isEqualTo(1);

      final ConnectionsPerAddress connections = gateway.server.connectionsPerAddress();
      assertThat(connections.openFrom(InetAddress.getLoopbackAddress())).isEqualTo(2);
      for (final ManagedChannel channel : channels) {
        channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
      }
      await().atMost(Duration.ofSeconds(5)).until(() -> connections.addresses() == 0);
    } finally {
      channels.forEach(ManagedChannel::shutdownNow);
    }
  }

  @Test
  void aNegativeLimitLimitsNothing() throws Exception {
    final List<ManagedChannel> channels = new ArrayList<>();
    try (var gateway = new TestGateway(TestGateway.config().maxConnectionsPerAddress(-1).build())) {
      for (int i = 0; i < 3; i++) {
        channels.add(channel(gateway));
        topology(channels.getLast());
      }

      assertThat(gateway.server.connectionsPerAddress().limits()).isFalse();
      assertThat(refused(gateway)).isZero();
    } finally {
      channels.forEach(ManagedChannel::shutdownNow);
    }
  }

  private static ManagedChannel channel(final TestGateway gateway) {
    return NettyChannelBuilder.forAddress("127.0.0.1", gateway.server.port())
        .usePlaintext()
        .build();
  }

  private static void topology(final ManagedChannel channel) {
    GatewayGrpc.newBlockingStub(channel)
        .withDeadlineAfter(5, TimeUnit.SECONDS)
        .topology(TopologyRequest.getDefaultInstance());
  }

  private static double refused(final TestGateway gateway) {
    final var counter =
        gateway
            .registry
            .find(ConnectionsPerAddress.REFUSED_METER)
            .tag("api", "grpc")
            .tag("reason", "per-address")
            .counter();
    return counter == null ? 0 : counter.count();
  }
}
