package io.gatefork.gateway.app.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.grpc.Status;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Raw HTTP calls with a chosen Authorization header, and a process to start. */
final class AuthTestCalls {
  static final String PROCESS_ID = "auth-process";
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private AuthTestCalls() {}

  static HttpResponse<String> get(final String url, final String authorization) {
    final var request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return send(request.GET().build());
  }

  static HttpResponse<String> postJson(
      final String url, final String authorization, final String json) {
    final var request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "application/json");
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return send(request.POST(HttpRequest.BodyPublishers.ofString(json)).build());
  }

  static void deployProcess(final CamundaClient client, final String tenantId) {
    deployProcess(client, tenantId, PROCESS_ID);
  }

  /** Deploys an empty process with this id (a distinct id lets a test find its own records). */
  static void deployProcess(
      final CamundaClient client, final String tenantId, final String processId) {
    final var command =
        client
            .newDeployResourceCommand()
            .addProcessModel(
                Bpmn.createExecutableProcess(processId).startEvent().endEvent().done(),
                processId + ".bpmn");
    final var deployment = (tenantId == null ? command : command.tenantId(tenantId)).send().join();
    assertThat(deployment.getKey()).isPositive();
  }

  /** Asserts the official client was refused: REST 401, gRPC UNAUTHENTICATED; with a reason. */
  static void assertRefused(final Throwable failure, final boolean rest, final String reason) {
    if (rest) {
      assertThat(failure).hasMessageContaining("401");
    } else {
      assertThat(failure)
          .isInstanceOfSatisfying(
              ClientStatusException.class,
              e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    }
    assertThat(failure).hasMessageContaining(reason);
  }

  /** Asserts an RFC 9457 401 with a detail and the challenge. */
  static void assertUnauthorized(
      final HttpResponse<String> response, final String challenge, final String detail) {
    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue(challenge);
    assertThat(response.body())
        .contains("\"title\":\"UNAUTHORIZED\"", "\"status\":401")
        .contains(detail);
  }

  private static HttpResponse<String> send(final HttpRequest request) {
    try {
      return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
