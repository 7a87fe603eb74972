package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.gateway.app.GatewayTestSupport;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * With {@code gatefork.rest.max-connections-per-address=5}, one address holds five idle
 * connections; its sixth is answered 503 {@code RESOURCE_EXHAUSTED} at accept and closed, while
 * another address is served; once one of the five closes, the address is served again. Run with
 * each of the API connector's protocols (keep-alive-on-error on and off).
 */
abstract class RestConnectionsPerAddress extends GatewayTestSupport {
  static final int LIMIT = 5;

  @Autowired MeterRegistry registry;

  @Test
  void anAddressHoldsAtMostTheLimitAndIsServedAgainWhenOneCloses() throws Exception {
    final double refusedBefore = refused(registry, "rest");
    final List<Socket> idle = new ArrayList<>();
    try {
      for (int i = 0; i < LIMIT; i++) {
        idle.add(new Socket(InetAddress.getLoopbackAddress(), restPort));
      }
      try (var sixth = new Http11Connection(restPort)) {
        final var refusal = sixth.receive(); // sent unasked, at accept
        assertThat(refusal.status()).isEqualTo(503);
        assertThat(refusal.header("Connection")).isEqualTo("close");
        assertThat(refusal.header("Retry-After")).isEqualTo("1");
        assertThat(refusal.header("Content-Type")).isEqualTo("application/problem+json");
        assertThat(refusal.body())
            .startsWith(
                "{\"type\":\"about:blank\",\"title\":\"RESOURCE_EXHAUSTED\",\"status\":503,")
            .contains("Too many connections from this address")
            .contains("gatefork.rest.max-connections-per-address");
        assertThat(sixth.closedByServer()).isTrue();
      }
      try (var other = new Http11Connection(restPort, InetAddress.getByName("127.0.0.2"))) {
        assertThat(other.send("GET", "/v2/topology", null, null).status()).isEqualTo(200);
      }
      assertThat(refused(registry, "rest")).isEqualTo(refusedBefore + 1);

      idle.removeFirst().close();
      await()
          .atMost(Duration.ofSeconds(5))
          .pollInterval(Duration.ofMillis(100))
          .until(() -> topologyOnANewConnection() == 200);
    } finally {
      for (final Socket socket : idle) {
        socket.close();
      }
    }
  }

  /** The status of a topology request on a new connection; 503 for a refused one. */
  private int topologyOnANewConnection() throws IOException {
    try (var connection = new Http11Connection(restPort)) {
      return connection.send("GET", "/v2/topology", null, null).status();
    } catch (final IOException refusedAndClosed) {
      return 503;
    }
  }

  /** Connections refused for their address on one API so far. */
  static double refused(final MeterRegistry registry, final String api) {
    final var counter =
        registry
            .find("gatefork.connections.refused")
            .tag("api", api)
            .tag("reason", "per-address")
            .counter();
    return counter == null ? 0 : counter.count();
  }
}
