package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * With Tomcat's own limit per connection set ({@code server.tomcat.max-keep-alive-requests}, as
 * stock Spring Boot has it at 100), that limit holds as set: the bound of requests in a row does
 * not replace it, so a connection is closed after its 100th request even when it sends them one at
 * a time.
 */
@TestPropertySource(properties = "server.tomcat.max-keep-alive-requests=100")
@DirtiesContext // a setting no other test shares: not for the context cache
class PipelinedRequestsPerConnectionTest extends GatewayTestSupport {

  @Test
  void tomcatsLimitPerConnectionStaysAsSet() throws Exception {
    try (var connection = new Http11Connection(restPort)) {
      for (int i = 1; i < 100; i++) {
        assertThat(connection.send("GET", "/v2/topology", null, null).header("Connection"))
            .as("answer %d", i)
            .isNotEqualTo("close");
      }
      assertThat(connection.send("GET", "/v2/topology", null, null).header("Connection"))
          .isEqualTo("close");
      assertThat(connection.closedByServer()).isTrue();
    }
  }
}
