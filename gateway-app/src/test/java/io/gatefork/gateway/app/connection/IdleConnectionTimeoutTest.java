package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.web.embedded.tomcat.TomcatWebServer;
import org.springframework.boot.web.servlet.context.ServletWebServerApplicationContext;

/**
 * An idle connection is closed by the gateway only after 620 s, above the idle timeouts of common
 * clients and load balancers, so the client is the one that closes it and never sends a request
 * into the gateway's close: a kept connection between requests, and a new one before its first
 * request (clients open spare connections and keep them idle like any other). A request body that
 * stops coming still times out after 60 s.
 */
class IdleConnectionTimeoutTest extends GatewayTestSupport {
  @Autowired private ServletWebServerApplicationContext context;

  @Test
  void aClientThatAsksIsToldTheIdleTimeoutAboveCommonClientOnes() throws Exception {
    try (var connection = new Http11Connection(restPort).withHeader("Connection", "keep-alive")) {
      final var answer = connection.send("GET", "/v2/topology", null, null);
      assertThat(answer.status()).isEqualTo(200);
      assertThat(answer.header("Keep-Alive")).isEqualTo("timeout=620");
      assertThat(connection.closedByServer()).isFalse();
    }
  }

  @Test
  void aNewConnectionWaitsForItsFirstRequestAsLongAsAKeptOneButABodyNot() {
    final var protocol =
        (AbstractHttp11Protocol<?>)
            ((TomcatWebServer) context.getWebServer())
                .getTomcat()
                .getService()
                .findConnectors()[0]
                .getProtocolHandler();
    assertThat(protocol.getConnectionTimeout())
        .as("first request (server.tomcat.connection-timeout)")
        .isEqualTo(620_000);
    assertThat(protocol.getKeepAliveTimeout()).as("next request").isEqualTo(620_000);
    assertThat(protocol.getDisableUploadTimeout())
        .as("body reads have their own timeout")
        .isFalse();
    assertThat(protocol.getConnectionUploadTimeout())
        .as("body reads (gatefork.rest.body-read-timeout)")
        .isEqualTo(30_000);
  }
}
