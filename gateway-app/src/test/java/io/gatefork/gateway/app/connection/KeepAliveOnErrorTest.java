package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code gatefork.rest.keep-alive-on-error} on (the default): every error answer leaves the
 * HTTP/1.1 connection open, exactly as a 2xx does, with the same status and body as with the switch
 * off ({@link KeepAliveOnErrorOffTest}); the next request is served on it.
 */
class KeepAliveOnErrorTest extends ErrorAnswers {

  @Test
  void everyErrorAnswerLeavesTheConnectionOpenForTheNextRequest() throws Exception {
    try (var connection = new Http11Connection(restPort)) {
      for (final Step step : STEPS) {
        final var answer = send(connection, step);
        assertAnswered(step, answer);
        assertThat(answer.header("Connection")).as(step.name()).isNull();
      }
      final var next = connection.send("GET", "/v2/topology", AUTHORIZATION, null);
      assertThat(next.status()).isEqualTo(200);
      assertThat(connection.closedByServer()).isFalse();
    }
  }

  @Test
  void eachErrorAnswerIsFollowedOnTheSameConnection() throws Exception {
    for (final Step step : STEPS) {
      try (var connection = new Http11Connection(restPort)) {
        assertAnswered(step, send(connection, step));
        assertThat(connection.send("GET", "/v2/topology", AUTHORIZATION, null).status())
            .as("the request after: " + step.name())
            .isEqualTo(200);
      }
    }
  }

  @Test
  void theClientsConnectionCloseStillEndsIt() throws Exception {
    try (var socket = new java.net.Socket(java.net.InetAddress.getLoopbackAddress(), restPort)) {
      socket
          .getOutputStream()
          .write(
              ("GET /v2/no-such-resource HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: "
                      + AUTHORIZATION
                      + "\r\nConnection: close\r\n\r\n")
                  .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      socket.setSoTimeout(20_000);
      final String all =
          new String(
              socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      assertThat(all).startsWith("HTTP/1.1 404").contains("Connection: close");
    }
  }
}
