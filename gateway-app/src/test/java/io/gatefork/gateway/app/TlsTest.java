package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerClientConfig;
import io.gatefork.broker.client.cluster.ClusterBrokerClient;
import io.gatefork.gateway.app.tls.TestCertificates;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Everything on TLS at once, with a CA generated for this run: REST through Spring Boot's {@code
 * server.ssl.*}, gRPC through the stock {@code zeebe.gateway.security.*} keys, and the cluster
 * messaging between gateway and embedded broker through the unified 8.8 {@code
 * camunda.security.transport-layer-security.cluster.*} keys. Every request therefore crosses two
 * TLS hops: client to gateway, gateway to broker.
 */
@ExtendWith(OutputCaptureExtension.class)
class TlsTest extends GatewayTestSupport {
  private static final TestCertificates CERTS = TestCertificates.generate();

  @DynamicPropertySource
  static void tls(final DynamicPropertyRegistry registry) {
    final String chain = CERTS.certificateChain().toString();
    final String key = CERTS.privateKey().toString();
    registry.add("server.ssl.certificate", () -> "file:" + chain);
    registry.add("server.ssl.certificate-private-key", () -> "file:" + key);
    registry.add("zeebe.gateway.security.enabled", () -> true);
    registry.add("zeebe.gateway.security.certificateChainPath", () -> chain);
    registry.add("zeebe.gateway.security.privateKeyPath", () -> key);
    registry.add("camunda.security.transport-layer-security.cluster.enabled", () -> true);
    registry.add(
        "camunda.security.transport-layer-security.cluster.certificate-chain-path", () -> chain);
    registry.add(
        "camunda.security.transport-layer-security.cluster.certificate-private-key-path",
        () -> key);
    registry.add("gatefork.embedded-broker.security.enabled", () -> true);
    registry.add("gatefork.embedded-broker.security.certificate-chain-path", () -> chain);
    registry.add("gatefork.embedded-broker.security.private-key-path", () -> key);
  }

  private CamundaClient tlsClient(final boolean rest) {
    return CamundaClient.newClientBuilder()
        .restAddress(URI.create("https://127.0.0.1:" + restPort))
        .grpcAddress(URI.create("https://127.0.0.1:" + grpcPort))
        .caCertificatePath(CERTS.caCertificate().toString())
        .preferRestOverGrpc(rest)
        .defaultRequestTimeout(Duration.ofSeconds(20))
        .build();
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void officialClientCreatesAnInstanceOverTls(final boolean rest) {
    final String id = "tls-" + (rest ? "rest" : "grpc");
    try (var client = tlsClient(rest)) {
      distributed(
          client
              .newDeployResourceCommand()
              .addProcessModel(
                  Bpmn.createExecutableProcess(id).startEvent().endEvent().done(), id + ".bpmn")
              .send()
              .join());

      final var instance =
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(id)
              .latestVersion()
              .variables(Map.of("secure", true))
              .send()
              .join();

      final var completed =
          awaitRecord(
              r ->
                  r.key() == instance.getProcessInstanceKey()
                      && r.is(
                          RecordType.EVENT,
                          ValueType.PROCESS_INSTANCE,
                          ProcessInstanceIntent.ELEMENT_COMPLETED));
      assertThat(completed.valueJson()).contains(id);
    }
  }

  @ParameterizedTest(name = "rest={0}")
  @ValueSource(booleans = {true, false})
  void plaintextClientIsRefusedOnTheTlsPorts(final boolean rest) {
    try (var plaintext =
            CamundaClient.newClientBuilder()
                .restAddress(URI.create("http://127.0.0.1:" + restPort))
                .grpcAddress(URI.create("http://127.0.0.1:" + grpcPort))
                .preferRestOverGrpc(rest)
                .defaultRequestTimeout(Duration.ofSeconds(10))
                .build();
        var tls = tlsClient(rest)) {
      assertThatThrownBy(() -> plaintext.newTopologyRequest().send().join())
          .isInstanceOf(RuntimeException.class);
      // same ports, same request, with TLS: answered
      assertThat(tls.newTopologyRequest().send().join().getBrokers()).hasSize(1);
    }
  }

  @Test
  void readyLineSaysHttpsForRestAndTlsForGrpc(final CapturedOutput output) {
    assertThat(output.getOut())
        .contains("REST https://localhost:" + restPort + "/v2")
        .contains("gRPC localhost:" + grpcPort + " (TLS)")
        .contains("management http://localhost:" + managementPort + "/actuator");
  }

  @Test
  void tlsPathIsWarmedUpBeforeTheGatewayIsReady(final CapturedOutput output) {
    final String out = output.getOut();
    final int warmedUp = out.indexOf("TLS warmed up before the REST port opens: ");
    assertThat(warmedUp).as("the warm-up's line (gatefork.rest.tls-warm-up, 2s)").isNotNegative();
    assertThat(out.substring(warmedUp)).matches("(?s)TLS warmed up[^\\n]*: [1-9]\\d* handshakes.*");
    assertThat(out.indexOf("REST https://localhost:" + restPort))
        .as("the ready line comes after it")
        .isGreaterThan(warmedUp);
  }

  @Test
  void managementPortStaysPlainHttpForProbes() throws Exception {
    final var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(
                            "http://127.0.0.1:" + managementPort + "/actuator/health/readiness"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
  }

  @Test
  void gatewayWithoutClusterTlsDoesNotJoinTheTlsBroker() {
    final var plaintextConfig =
        BrokerClientConfig.testDefaults()
            .memberId("plaintext-gateway")
            .host("127.0.0.1")
            .port(freePort())
            .initialContactPoints(List.of("127.0.0.1:" + broker.port()))
            .build();
    final BrokerClient plaintext =
        ClusterBrokerClient.start(plaintextConfig, new SimpleMeterRegistry());
    final BrokerClient withTls =
        ClusterBrokerClient.start(
            plaintextConfig.toBuilder()
                .memberId("tls-gateway")
                .port(freePort())
                .security(
                    BrokerClientConfig.Security.pem(CERTS.certificateChain(), CERTS.privateKey()))
                .build(),
            new SimpleMeterRegistry());
    try {
      // the control: the same client with cluster TLS sees the broker
      await().atMost(Duration.ofSeconds(30)).until(() -> !withTls.topology().brokers().isEmpty());
      await()
          .during(Duration.ofSeconds(3))
          .atMost(Duration.ofSeconds(10))
          .until(() -> plaintext.topology().brokers().isEmpty());
    } finally {
      plaintext.close();
      withTls.close();
    }
  }
}
