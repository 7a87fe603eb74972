package io.gatefork.dist.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.dist.GatewayTestSupport;
import org.junit.jupiter.api.Test;

/**
 * An idle kept connection is closed by the gateway only after 620 s, above the idle timeouts of
 * common clients and load balancers, so the client is the one that closes it and never sends a
 * request into the gateway's close; a client that asks is told the timeout.
 */
class IdleConnectionTimeoutTest extends GatewayTestSupport {
  @Test
  void aClientThatAsksIsToldTheIdleTimeoutAboveCommonClientOnes() throws Exception {
    try (var connection = new Http11Connection(restPort).withHeader("Connection", "keep-alive")) {
      final var answer = connection.send("GET", "/v2/topology", null, null);
      assertThat(answer.status()).isEqualTo(200);
      assertThat(answer.header("Keep-Alive")).isEqualTo("timeout=620");
      assertThat(connection.closedByServer()).isFalse();
    }
  }
}
