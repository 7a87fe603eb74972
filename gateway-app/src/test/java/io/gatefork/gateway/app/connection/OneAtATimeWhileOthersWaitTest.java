package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * Clients that send their next request as soon as the answer to the last one came keep their
 * connections while others wait for the one request thread: such a request was not pipelined, even
 * when the thread that answered the one before is still on the connection and reads it in the same
 * run. Before, every such request after the first while others waited counted as pipelined, and the
 * bound of two in a row closed the connection ({@code Connection: close}) about once in every few
 * dozen answers under load: new connections, and with TLS new handshakes, for clients that never
 * pipelined.
 */
@TestPropertySource(properties = {"server.tomcat.threads.max=1"})
@DirtiesContext // settings no other test shares: not for the context cache
class OneAtATimeWhileOthersWaitTest extends GatewayTestSupport {
  private static final int CLIENTS = 4;
  private static final int REQUESTS = 300;

  @Test
  void connectionsWhoseRequestsComeOneAtATimeAreNotClosedWhileOthersWait() throws Exception {
    final var clients = Executors.newFixedThreadPool(CLIENTS);
    try {
      final List<Future<Integer>> closes = new ArrayList<>();
      for (int c = 0; c < CLIENTS; c++) {
        closes.add(clients.submit(oneAtATime()));
      }
      int closed = 0;
      for (final Future<Integer> client : closes) {
        closed += client.get(60, TimeUnit.SECONDS);
      }
      assertThat(closed)
          .as("answers with Connection: close among %d sent one at a time", CLIENTS * REQUESTS)
          .isZero();
    } finally {
      clients.shutdownNow();
    }
  }

  /** Sends one request at a time; the answers that closed the connection (then opens another). */
  private Callable<Integer> oneAtATime() {
    return () -> {
      int closed = 0;
      var connection = new Http11Connection(restPort);
      try {
        for (int i = 0; i < REQUESTS; i++) {
          final var answer = connection.send("GET", "/v2/topology", null, null);
          assertThat(answer.status()).isEqualTo(200);
          if ("close".equals(answer.header("Connection"))) {
            closed++;
            connection.close();
            connection = new Http11Connection(restPort);
          }
        }
      } finally {
        connection.close();
      }
      return closed;
    };
  }
}
