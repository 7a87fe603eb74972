package io.gatefork.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.client.CamundaClientBuilder;
import io.camunda.client.impl.CamundaClientBuilderImpl;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** Building a client connects to nothing, so the pool can be inspected without a gateway. */
class RestConnectionPoolTest {
  @Test
  void theClientsRestPoolHoldsItsDefaultUntilWidenedByItsOwnSetting() {
    try (CamundaClient client = client().build()) {
      assertThat(RestConnectionPool.maxPerRoute(client))
          .isEqualTo(CamundaClientBuilderImpl.DEFAULT_MAX_HTTP_CONNECTIONS)
          .isEqualTo(100);
    }
    try (CamundaClient client = client().maxHttpConnections(316).build()) {
      assertThat(RestConnectionPool.maxPerRoute(client)).isEqualTo(316);
    }
  }

  @Test
  void theJdksHttpMaxConnectionsPropertyDoesNotReachThePool() {
    final String before = System.getProperty("http.maxConnections");
    System.setProperty("http.maxConnections", "50");
    try (CamundaClient client = client().build()) {
      assertThat(RestConnectionPool.maxPerRoute(client)).isEqualTo(100);
    } finally {
      if (before == null) {
        System.clearProperty("http.maxConnections");
      } else {
        System.setProperty("http.maxConnections", before);
      }
    }
  }

  private static CamundaClientBuilder client() {
    return CamundaClient.newClientBuilder()
        .applyEnvironmentVariableOverrides(false)
        .restAddress(URI.create("http://127.0.0.1:1"))
        .grpcAddress(URI.create("http://127.0.0.1:1"))
        .preferRestOverGrpc(true);
  }
}
