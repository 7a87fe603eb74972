package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * Plaintext REST with {@code server.http2.enabled}: h2c with prior knowledge (the connection starts
 * with the HTTP/2 preface, as gRPC-style and load-tool clients do) and by upgrade, next to HTTP/1.1
 * on the same port.
 */
@TestPropertySource(properties = "server.http2.enabled=true")
class H2cPriorKnowledgeTest extends GatewayTestSupport {
  private static final byte SETTINGS = 0x4;

  @Test
  void aConnectionThatStartsWithThePrefaceSpeaksHttp2() throws Exception {
    try (var socket = new Socket(InetAddress.getLoopbackAddress(), restPort)) {
      socket.setSoTimeout(10_000);
      final var out = socket.getOutputStream();
      out.write("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      out.write(new byte[] {0, 0, 0, SETTINGS, 0, 0, 0, 0, 0}); // an empty SETTINGS frame
      out.flush();
      final InputStream in = socket.getInputStream();
      final byte[] header = in.readNBytes(9);
      assertThat(header).hasSize(9);
      assertThat(header[3]).as("the server's first frame is SETTINGS").isEqualTo(SETTINGS);
    }
  }

  @Test
  void http11AndTheH2cUpgradeAreServedToo() throws Exception {
    final var request = HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/topology")).build();
    final HttpResponse<String> h2 =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_2)
            .build()
            .send(request, HttpResponse.BodyHandlers.ofString());
    final HttpResponse<String> h1 =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(h2.statusCode()).isEqualTo(200);
    assertThat(h2.version()).isEqualTo(HttpClient.Version.HTTP_2);
    assertThat(h1.statusCode()).isEqualTo(200);
    assertThat(h1.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
  }
}
