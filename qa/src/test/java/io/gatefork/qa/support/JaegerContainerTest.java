package io.gatefork.qa.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Jaeger backend itself: one span sent over OTLP/HTTP (JSON) is found through the query API by
 * its {@code service.name}, with its trace id and name; the OTLP/gRPC port takes connections.
 */
@ContainerTest
@ExtendWith(JaegerContainer.Required.class)
class JaegerContainerTest {
  private static final String SERVICE = "jaeger-smoke";
  private static JaegerContainer jaeger;

  @BeforeAll
  static void startJaeger() {
    jaeger = new JaegerContainer("jaeger-smoke");
    jaeger.start();
  }

  @AfterAll
  static void stopJaeger() {
    if (jaeger != null) {
      jaeger.stop();
    }
  }

  @Test
  void aSpanSentOverOtlpHttpIsFoundByItsService() throws IOException, InterruptedException {
    final var random = ThreadLocalRandom.current();
    final String traceId = HexFormat.of().formatHex(bytes(random, 16));
    final String spanId = HexFormat.of().formatHex(bytes(random, 8));
    final long end = TimeUnit.MILLISECONDS.toNanos(System.currentTimeMillis());
    final long start = end - TimeUnit.MILLISECONDS.toNanos(42);
    // OTLP/JSON: ids in hex, times as strings (int64), kind 2 = SPAN_KIND_SERVER
    final String body =
        """
        {"resourceSpans": [{
          "resource": {"attributes": [
            {"key": "service.name", "value": {"stringValue": "%s"}}]},
          "scopeSpans": [{
            "scope": {"name": "gatefork-qa"},
            "spans": [{
              "traceId": "%s", "spanId": "%s", "name": "smoke", "kind": 2,
              "startTimeUnixNano": "%d", "endTimeUnixNano": "%d",
              "attributes": [{"key": "qa.check", "value": {"stringValue": "jaeger"}}]}]}]}]}
        """
            .formatted(SERVICE, traceId, spanId, start, end);

    final var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(jaeger.otlpHttpEndpoint().resolve("/v1/traces"))
                    .header("Content-Type", "application/json")
                    .timeout(Duration.ofSeconds(10))
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as("OTLP/HTTP answer: %s", response.body()).isEqualTo(200);

    final JsonNode traces = jaeger.awaitTraces(SERVICE, 1, Duration.ofSeconds(30));
    assertThat(traces).hasSize(1);
    final JsonNode trace = traces.get(0);
    assertThat(trace.path("traceID").asText()).isEqualTo(traceId);
    final JsonNode span = trace.path("spans").path(0);
    assertThat(span.path("spanID").asText()).isEqualTo(spanId);
    assertThat(span.path("operationName").asText()).isEqualTo("smoke");
    assertThat(span.path("duration").asLong()).as("microseconds").isEqualTo(42_000);
    final JsonNode process = trace.path("processes").path(span.path("processID").asText());
    assertThat(process.path("serviceName").asText()).isEqualTo(SERVICE);
    assertThat(jaeger.trace(traceId).path("traceID").asText()).isEqualTo(traceId);
    assertThat(jaeger.traces("no-such-service")).isEmpty();

    final var grpc = jaeger.otlpGrpcEndpoint();
    try (var socket = new Socket()) {
      socket.connect(new InetSocketAddress(grpc.getHost(), grpc.getPort()), 5_000);
      assertThat(socket.isConnected()).as("OTLP/gRPC at %s", grpc).isTrue();
    }
  }

  private static byte[] bytes(final ThreadLocalRandom random, final int count) {
    final byte[] bytes = new byte[count];
    random.nextBytes(bytes);
    return bytes;
  }
}
