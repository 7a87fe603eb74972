package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.api.command.ClientStatusException;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * A saturated broker (per-partition request limit of 1, real engine flow control): REST answers 503
 * RESOURCE_EXHAUSTED and gRPC RESOURCE_EXHAUSTED, and the broker saw exactly one command per client
 * request (fail-fast: no hop to the other partitions). The gateway's own admission limit is off
 * here: a burst of 150 at once can be shed in part before the broker (also 503 RESOURCE_EXHAUSTED,
 * OverloadAdmissionTest's subject), which this count would take for a lost attempt.
 */
@TestPropertySource(
    properties = {"gatefork.embedded-broker.request-limit=1", "gatefork.overload.limit=off"})
class BackpressureTest extends GatewayTestSupport {
  private static final int BURST = 150;

  @BeforeEach
  void deploy() {
    try (var client = client(false)) {
      client
          .newDeployResourceCommand()
          .addProcessModel(
              Bpmn.createExecutableProcess("saturate").startEvent().endEvent().done(),
              "saturate.bpmn")
          .send()
          .join();
    }
    // the deployment must reach every partition before commands are counted
    awaitRecord(
        r ->
            r.partitionId() == 3
                && r.valueType().name().equals("DEPLOYMENT")
                && r.intent().name().equals("CREATED"));
    broker.commands().reset();
  }

  private void assertOneBrokerCommandPerRequest(final int ok, final int exhausted) {
    assertThat(exhausted).as("requests answered RESOURCE_EXHAUSTED").isPositive();
    assertThat(ok + exhausted).isEqualTo(BURST);
    assertThat(broker.commands().total()).isEqualTo(BURST);
    assertThat(broker.commands().resourceExhaustedTotal()).isEqualTo(exhausted);
  }

  @Test
  void restAnswers503ResourceExhaustedWithOneBrokerAttemptPerRequest() {
    // plain HTTP/1.1, a connection per request: enough concurrency to hit the limit
    final var http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    final var request =
        HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/process-instances"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"processDefinitionId\":\"saturate\"}"))
            .build();
    final List<CompletableFuture<HttpResponse<String>>> futures = new ArrayList<>();
    for (int i = 0; i < BURST; i++) {
      futures.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
    }
    int ok = 0;
    int exhausted = 0;
    for (final var future : futures) {
      final var response = future.join();
      if (response.statusCode() == 200) {
        ok++;
      } else {
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.body()).contains("\"title\":\"RESOURCE_EXHAUSTED\"");
        exhausted++;
      }
    }
    assertOneBrokerCommandPerRequest(ok, exhausted);
  }

  @Test
  void grpcAnswersResourceExhaustedWithOneBrokerAttemptPerRequest() {
    int ok = 0;
    int exhausted = 0;
    try (var client = client(false)) {
      final List<CompletableFuture<?>> futures = new ArrayList<>();
      for (int i = 0; i < BURST; i++) {
        futures.add(
            client
                .newCreateInstanceCommand()
                .bpmnProcessId("saturate")
                .latestVersion()
                .send()
                .toCompletableFuture());
      }
      for (final var future : futures) {
        try {
          future.join();
          ok++;
        } catch (final RuntimeException e) {
          final Throwable cause = e instanceof CompletionException ? e.getCause() : e;
          assertThat(statusOf(cause)).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
          exhausted++;
        }
      }
    }
    assertOneBrokerCommandPerRequest(ok, exhausted);
  }

  private static Status.Code statusOf(final Throwable error) {
    if (error instanceof ClientStatusException e) {
      return e.getStatusCode();
    }
    if (error instanceof StatusRuntimeException e) {
      return e.getStatus().getCode();
    }
    throw new AssertionError("unexpected failure", error);
  }
}
