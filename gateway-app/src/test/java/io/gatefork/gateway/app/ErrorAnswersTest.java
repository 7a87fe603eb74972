package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** Clear answers for what cannot succeed, and bad input never reaches the broker. */
class ErrorAnswersTest extends GatewayTestSupport {
  private static final long UNKNOWN_JOB = 2251799813699999L;
  private final HttpClient http = HttpClient.newHttpClient();

  private HttpResponse<String> post(final String path, final String json) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(baseUrl() + path))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void completingAnUnknownJobOverRestIs404NotFound() {
    try (var client = client(true)) {
      assertThatThrownBy(() -> client.newCompleteCommand(UNKNOWN_JOB).send().join())
          .isInstanceOfSatisfying(
              ProblemException.class,
              e -> {
                assertThat(e.code()).isEqualTo(404);
                assertThat(e.details().getTitle()).isEqualTo("NOT_FOUND");
                assertThat(e.details().getDetail())
                    .contains("Command 'COMPLETE' rejected with code 'NOT_FOUND'");
              });
    }
  }

  @Test
  void completingAnUnknownJobOverGrpcIsNotFound() {
    try (var client = client(false)) {
      assertThatThrownBy(() -> client.newCompleteCommand(UNKNOWN_JOB).send().join())
          .isInstanceOfSatisfying(
              ClientStatusException.class,
              e -> {
                assertThat(e.getStatusCode()).isEqualTo(Status.Code.NOT_FOUND);
                assertThat(e.getMessage()).contains("no such job was found");
              });
    }
  }

  @Test
  void malformedJsonIs400AndNothingReachesTheBroker() throws Exception {
    final long before = broker.commands().total();

    final var response = post("/v2/process-instances", "{\"processDefinitionId\": ");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    assertThat(response.body()).contains("\"title\":\"INVALID_ARGUMENT\"");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  @Test
  void missingRequiredFieldIs400NamingTheField() throws Exception {
    final long before = broker.commands().total();

    final var response = post("/v2/messages/publication", "{\"correlationKey\":\"k\"}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("name");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  @Test
  void nonNumericKeyIs400NamingTheField() throws Exception {
    final long before = broker.commands().total();

    final var response = post("/v2/jobs/not-a-key/completion", "{}");
    final var body = post("/v2/process-instances", "{\"processDefinitionKey\":\"abc\"}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("jobKey");
    assertThat(body.statusCode()).isEqualTo(400);
    assertThat(body.body()).contains("processDefinitionKey");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  @Test
  void missingFieldOverGrpcIsInvalidArgumentAndNothingReachesTheBroker() {
    final long before = broker.commands().total();
    try (var client = client(false)) {
      assertThatThrownBy(
              () -> client.newActivateJobsCommand().jobType("").maxJobsToActivate(1).send().join())
          .isInstanceOfSatisfying(
              ClientStatusException.class,
              e -> assertThat(e.getStatusCode()).isEqualTo(Status.Code.INVALID_ARGUMENT));
    }
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  /** A raw call: the official client refuses such a tag before sending it. */
  @Test
  void invalidTagOverGrpcIsInvalidArgumentNamingTheTagAndNothingReachesTheBroker() {
    final var request =
        CreateProcessInstanceRequest.newBuilder()
            .setBpmnProcessId("any-process")
            .setVersion(-1)
            .addTags("1-starts-with-a-digit")
            .build();
    final ManagedChannel channel =
        ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort).usePlaintext().build();
    final long before = broker.commands().total();
    try {
      assertThatThrownBy(() -> GatewayGrpc.newBlockingStub(channel).createProcessInstance(request))
          .isInstanceOfSatisfying(
              StatusRuntimeException.class,
              e -> {
                assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                assertThat(e.getStatus().getDescription())
                    .isEqualTo("tags[0]: must start with a letter");
              });
    } finally {
      channel.shutdownNow();
    }
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  @Test
  void invalidTagOverRestIs400InTheSameWordsAndNothingReachesTheBroker() throws Exception {
    final long before = broker.commands().total();

    final var response =
        post(
            "/v2/process-instances",
            "{\"processDefinitionId\":\"any-process\",\"tags\":[\"1-starts-with-a-digit\"]}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("\"detail\":\"tags[0]: must start with a letter\"");
    assertThat(broker.commands().total()).isEqualTo(before);
  }
}
