package io.gatefork.service.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.operation.Api;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class ConnectionsPerAddressTest {
  private static final InetAddress ONE = InetAddress.getLoopbackAddress();
  private static final InetAddress OTHER = address(10, 0, 0, 7);

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final ConnectionsPerAddress connections =
      new ConnectionsPerAddress(2, Api.REST, registry);

  @Test
  void anAddressOpensUpToTheLimitAndOthersAreNotCharged() {
    assertThat(connections.open(ONE)).isTrue();
    assertThat(connections.open(ONE)).isTrue();

    assertThat(connections.open(ONE)).isFalse();
    assertThat(connections.open(OTHER)).isTrue();
    assertThat(connections.openFrom(ONE)).isEqualTo(2);
    assertThat(refused()).isEqualTo(1);
  }

  @Test
  void aClosedConnectionMakesRoomAndTheLastRemovesTheEntry() {
    connections.open(ONE);
    connections.open(ONE);
    connections.closed(ONE);

    assertThat(connections.open(ONE)).isTrue();
    connections.closed(ONE);
    connections.closed(ONE);
    assertThat(connections.addresses()).isZero();
    assertThat(connections.openFrom(ONE)).isZero();
  }

  @Test
  void aCloseWithoutAnOpenChangesNothing() {
    connections.closed(ONE);

    assertThat(connections.addresses()).isZero();
    assertThat(connections.open(ONE)).isTrue();
  }

  @Test
  void unlimitedAdmitsEverythingAndKeepsNothing() {
    for (int i = 0; i < 10; i++) {
      assertThat(ConnectionsPerAddress.UNLIMITED.open(ONE)).isTrue();
    }
    assertThat(ConnectionsPerAddress.UNLIMITED.addresses()).isZero();
    assertThat(ConnectionsPerAddress.UNLIMITED.limits()).isFalse();
  }

  @Test
  void aConnectionWithoutAnAddressIsAdmitted() {
    connections.open(ONE);
    connections.open(ONE);

    assertThat(connections.open(null)).isTrue();
  }

  @Test
  void theLimitIsPositive() {
    assertThatThrownBy(() -> new ConnectionsPerAddress(0, Api.GRPC, registry))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private double refused() {
    return registry
        .get(ConnectionsPerAddress.REFUSED_METER)
        .tag("api", "rest")
        .tag("reason", "per-address")
        .counter()
        .count();
  }

  private static InetAddress address(final int... bytes) {
    final byte[] raw = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      raw[i] = (byte) bytes[i];
    }
    try {
      return InetAddress.getByAddress(raw);
    } catch (final java.net.UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }
}
