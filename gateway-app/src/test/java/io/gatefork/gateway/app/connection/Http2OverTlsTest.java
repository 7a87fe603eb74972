package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.gateway.app.tls.TestCertificates;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * REST over TLS with {@code server.http2.enabled}: HTTP/2 is negotiated by ALPN, the error answers
 * keep their real status on HTTP/2 streams (the keep-alive marking is for HTTP/1.x only), and the
 * official Java client (Apache HttpClient 5, version policy NEGOTIATE) speaks HTTP/2 when the
 * server offers it.
 */
@Import(ProtocolRecorder.class)
class Http2OverTlsTest extends GatewayTestSupport {
  private static final TestCertificates CERTS = TestCertificates.generate();

  @DynamicPropertySource
  static void tls(final DynamicPropertyRegistry registry) {
    registry.add("server.ssl.certificate", () -> "file:" + CERTS.certificateChain());
    registry.add("server.ssl.certificate-private-key", () -> "file:" + CERTS.privateKey());
    registry.add("server.http2.enabled", () -> true);
    registry.add("gatefork.embedded-broker.refuse-user-commands", () -> true);
  }

  @BeforeEach
  void deployAndForget() {
    try (var client = client(false)) { // gRPC stays plaintext here
      deployProcess(
          client,
          Bpmn.createExecutableProcess("anything").startEvent().endEvent().done(),
          "a.bpmn");
    }
    ProtocolRecorder.SEEN.clear();
  }

  @Test
  void theOfficialClientNegotiatesHttp2() {
    try (var client =
        CamundaClient.newClientBuilder()
            .restAddress(URI.create("https://127.0.0.1:" + restPort))
            .grpcAddress(URI.create("http://127.0.0.1:" + grpcPort))
            .caCertificatePath(CERTS.caCertificate().toString())
            .preferRestOverGrpc(true)
            .defaultRequestTimeout(Duration.ofSeconds(20))
            .build()) {
      assertThat(client.newTopologyRequest().send().join().getBrokers()).hasSize(1);
    }
    assertThat(ProtocolRecorder.SEEN).containsOnly("HTTP/2.0");
  }

  @Test
  void errorAnswersOnHttp2StreamsCarryTheirRealStatus() throws Exception {
    final HttpClient http =
        HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).sslContext(trusting()).build();
    final HttpResponse<String> backpressure =
        http.send(
            create("{\"processDefinitionId\":\"anything\"}"), HttpResponse.BodyHandlers.ofString());
    final HttpResponse<String> badInput =
        http.send(create("{\"variables\":{}}"), HttpResponse.BodyHandlers.ofString());

    assertThat(backpressure.version()).isEqualTo(HttpClient.Version.HTTP_2);
    assertThat(backpressure.statusCode()).isEqualTo(503);
    assertThat(backpressure.body()).contains("\"title\":\"RESOURCE_EXHAUSTED\"");
    assertThat(badInput.statusCode()).isEqualTo(400);
    assertThat(badInput.body()).contains("\"title\":\"INVALID_ARGUMENT\"");
    assertThat(ProtocolRecorder.SEEN).containsOnly("HTTP/2.0");
  }

  private HttpRequest create(final String json) {
    return HttpRequest.newBuilder(
            URI.create("https://127.0.0.1:" + restPort + "/v2/process-instances"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json))
        .build();
  }

  private static SSLContext trusting() throws Exception {
    final KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
    trust.load(null, null);
    try (InputStream ca = Files.newInputStream(CERTS.caCertificate())) {
      trust.setCertificateEntry(
          "ca", CertificateFactory.getInstance("X.509").generateCertificate(ca));
    }
    final var factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(trust);
    final SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, factory.getTrustManagers(), null);
    return context;
  }
}
