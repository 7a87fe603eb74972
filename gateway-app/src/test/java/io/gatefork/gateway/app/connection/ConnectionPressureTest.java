package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * While the connections reach {@code gatefork.rest.connection-pressure} of {@code
 * server.tomcat.max-connections}, a connection that sends nothing is closed after {@code
 * gatefork.rest.idle-timeout-under-pressure} instead of 620 s; below it, idle connections are kept
 * as long as before.
 */
@TestPropertySource(
    properties = {
      "server.tomcat.max-connections=20",
      "gatefork.rest.idle-timeout-under-pressure=2s"
    })
class ConnectionPressureTest extends GatewayTestSupport {
  private int connected;

  @Test
  void idleConnectionsEndSoonerWhileTheyAreMany() throws Exception {
    final List<Socket> idle = new ArrayList<>();
    try {
      for (int i = 0; i < 12; i++) {
        idle.add(connect());
      }
      Thread.sleep(2_500); // the connector's check, once a second, sees 12 of 20
      try (Socket late = connect()) {
        assertThat(closedWithin(late, 8_000)).isTrue();
      }
      assertThat(closedWithin(idle.get(0), 500)).isFalse(); // accepted before: kept
    } finally {
      for (final Socket socket : idle) {
        socket.close();
      }
    }
    Thread.sleep(2_500); // few connections again: the configured timeouts are back
    try (Socket calm = connect()) {
      assertThat(closedWithin(calm, 6_000)).isFalse();
    }
  }

  /**
   * A connection from one of three loopback addresses in turn: one address may hold only half of
   * {@code server.tomcat.max-connections} ({@code gatefork.rest.max-connections-per-address}).
   */
  private Socket connect() throws IOException {
    final var from = InetAddress.getByAddress(new byte[] {127, 0, 0, (byte) (1 + connected++ % 3)});
    return new Socket(InetAddress.getLoopbackAddress(), restPort, from, 0);
  }

  /** Whether the server closes the connection within the time, the client sending nothing. */
  private static boolean closedWithin(final Socket socket, final int millis) throws IOException {
    socket.setSoTimeout(millis);
    try {
      return socket.getInputStream().read() < 0;
    } catch (final SocketTimeoutException stillOpen) {
      return false;
    } catch (final SocketException reset) {
      return true;
    }
  }
}
