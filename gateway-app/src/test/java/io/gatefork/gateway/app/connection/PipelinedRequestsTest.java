package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import org.junit.jupiter.api.Test;

/**
 * {@code gatefork.rest.max-pipelined-requests} (100 by default): a connection that pipelines more
 * requests than that is answered up to the 100th, which carries {@code Connection: close}, and then
 * closed, so that it cannot keep a request thread for as long as it sends; a connection that sends
 * its requests one at a time keeps being served, however many it sends.
 */
class PipelinedRequestsTest extends GatewayTestSupport {
  private static final int BOUND = 100;

  @Test
  void aConnectionThatPipelinesMoreThanTheBoundIsClosedAfterIt() throws Exception {
    try (var connection = new Http11Connection(restPort)) {
      connection.pipeline("GET", "/v2/topology", BOUND + 50);

      for (int i = 1; i < BOUND; i++) {
        final var answer = connection.receive();
        assertThat(answer.status()).as("answer %d", i).isEqualTo(200);
        assertThat(answer.header("Connection")).as("answer %d", i).isNotEqualTo("close");
      }
      final var last = connection.receive();
      assertThat(last.status()).isEqualTo(200);
      assertThat(last.header("Connection")).isEqualTo("close");
      assertThat(connection.closedByServer()).isTrue();
    }
  }

  @Test
  void aConnectionThatSendsOneRequestAtATimeIsNeverClosedByTheBound() throws Exception {
    try (var connection = new Http11Connection(restPort)) {
      for (int i = 1; i <= 3 * BOUND; i++) {
        final var answer = connection.send("GET", "/v2/topology", null, null);
        assertThat(answer.status()).as("answer %d", i).isEqualTo(200);
        assertThat(answer.header("Connection")).as("answer %d", i).isNotEqualTo("close");
      }
      assertThat(connection.closedByServer()).isFalse();
    }
  }
}
