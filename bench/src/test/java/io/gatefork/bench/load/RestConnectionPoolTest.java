package io.gatefork.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** Building a client connects to nothing, so the pool can be inspected without a gateway. */
class RestConnectionPoolTest {
  @Test
  void theClientsRestPoolHoldsFiveConnectionsPerRouteUntilWidened() {
    try (CamundaClient client = client()) {
      assertThat(RestConnectionPool.maxPerRoute(client)).isEqualTo(5);
      RestConnectionPool.widen(client, 316);
      assertThat(RestConnectionPool.maxPerRoute(client)).isEqualTo(316);
    }
  }

  @Test
  void theJdksHttpMaxConnectionsPropertyDoesNotReachThePool() {
    final String before = System.getProperty("http.maxConnections");
    System.setProperty("http.maxConnections", "50");
    try (CamundaClient client = client()) {
      assertThat(RestConnectionPool.maxPerRoute(client)).isEqualTo(5);
    } finally {
      if (before == null) {
        System.clearProperty("http.maxConnections");
      } else {
        System.setProperty("http.maxConnections", before);
      }
    }
  }

  private static CamundaClient client() {
    return CamundaClient.newClientBuilder()
        .applyEnvironmentVariableOverrides(false)
        .restAddress(URI.create("http://127.0.0.1:1"))
        .grpcAddress(URI.create("http://127.0.0.1:1"))
        .preferRestOverGrpc(true)
        .build();
  }
}
