package io.gatefork.gateway.app.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * {@code gatefork.security.password-checks=1}: new basic credentials arriving together are checked
 * one at a time; those that find the check taken are answered with the stock backpressure answer
 * (REST 503 {@code RESOURCE_EXHAUSTED} with {@code Retry-After}, gRPC {@code RESOURCE_EXHAUSTED}),
 * which clients retry, never with a 401 they would take as a wrong password.
 */
@TestPropertySource(
    properties = {
      "camunda.security.authentication.unprotected-api=false",
      "camunda.security.authentication.method=basic",
      "camunda.security.initialization.users[0].username=demo",
      "camunda.security.initialization.users[0].password=demo-secret",
      "gatefork.security.password-checks=1",
    })
class BasicPasswordChecksTest extends GatewayTestSupport {
  private static final int AT_ONCE = 16;

  private static String basic(final String user, final String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void restAnswersCredentialsBeyondTheBoundAsBackpressure() {
    final HttpClient http = HttpClient.newHttpClient();
    final List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
    for (int i = 0; i < AT_ONCE; i++) {
      answers.add(
          http.sendAsync(
              HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/topology"))
                  .header("Authorization", basic("demo", "wrong-rest-" + i))
                  .timeout(Duration.ofSeconds(20))
                  .build(),
              HttpResponse.BodyHandlers.ofString()));
    }

    final List<HttpResponse<String>> busy = new ArrayList<>();
    for (final var answer : answers) {
      final HttpResponse<String> response = answer.join();
      assertThat(response.statusCode()).as(response.body()).isIn(401, 503);
      if (response.statusCode() == 503) {
        busy.add(response);
      }
    }
    assertThat(busy)
        .as("some of %d new credentials at once find the check taken", AT_ONCE)
        .isNotEmpty();
    assertThat(busy.getFirst().headers().firstValue("Retry-After")).hasValue("1");
    assertThat(busy.getFirst().body())
        .contains("\"title\":\"RESOURCE_EXHAUSTED\"", "\"status\":503", "retry later");
  }

  @Test
  void grpcAnswersCredentialsBeyondTheBoundAsBackpressure() {
    // a connection per call: calls run on their connection's event loop, one at a time each
    final List<ManagedChannel> channels = new ArrayList<>();
    final ExecutorService callers = Executors.newFixedThreadPool(AT_ONCE);
    try {
      final List<CompletableFuture<Status.Code>> answers = new ArrayList<>();
      for (int i = 0; i < AT_ONCE; i++) {
        final ManagedChannel channel =
            ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext().build();
        channels.add(channel);
        final var headers = new Metadata();
        headers.put(
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER),
            basic("demo", "wrong-grpc-" + i));
        final var stub =
            GatewayGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers))
                .withDeadlineAfter(20, TimeUnit.SECONDS);
        answers.add(
            CompletableFuture.supplyAsync(
                () -> {
                  try {
                    stub.topology(TopologyRequest.getDefaultInstance());
                    return Status.Code.OK;
                  } catch (final StatusRuntimeException e) {
                    return e.getStatus().getCode();
                  }
                },
                callers));
      }

      final List<Status.Code> codes = answers.stream().map(CompletableFuture::join).toList();
      assertThat(codes)
          .allSatisfy(
              code ->
                  assertThat(code)
                      .isIn(Status.Code.UNAUTHENTICATED, Status.Code.RESOURCE_EXHAUSTED))
          .contains(Status.Code.RESOURCE_EXHAUSTED);
    } finally {
      callers.shutdownNow();
      channels.forEach(ManagedChannel::shutdownNow);
    }
  }
}
