package io.gatefork.gateway.rest.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.rest.error.ProblemJson;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TooManyConnectionsAnswerTest {

  @Test
  void theBodyIsTheGatewaysProblemDetailWithoutAnInstance() {
    final String written = ProblemJson.of(503, "RESOURCE_EXHAUSTED", detailOf(7), "/");

    assertThat(TooManyConnectionsAnswer.body(7))
        .isEqualTo(written.substring(0, written.indexOf(",\"instance\"")) + "}");
  }

  @Test
  void theAnswerClosesTheConnectionAndDeclaresItsBody() {
    final var bytes = TooManyConnectionsAnswer.bytes(7);
    final byte[] raw = new byte[bytes.remaining()];
    bytes.get(raw);
    final String answer = new String(raw, StandardCharsets.UTF_8);
    final String body = TooManyConnectionsAnswer.body(7);

    assertThat(answer)
        .startsWith("HTTP/1.1 503 \r\n")
        .contains("\r\nConnection: close\r\n", "\r\nRetry-After: 1\r\n")
        .contains("\r\nContent-Type: application/problem+json\r\n")
        .contains("\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n")
        .endsWith("\r\n\r\n" + body);
    assertThat(bytes.isReadOnly()).isTrue();
  }

  private static String detailOf(final int limit) {
    return TooManyConnectionsAnswer.detail(limit);
  }
}
