package io.gatefork.gateway.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.deployment.DeploymentResult;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.processinstance.ProcessInstanceCreated;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The module in a real Tomcat: async dispatch and its completion, the security chain on every
 * dispatch type, and the servlet multipart limits, which MockMvc does not exercise.
 */
class RealServerTest extends RestTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  @LocalServerPort private int port;

  @Test
  void answersAnAsyncRequestAndRecordsItExactlyOnce() throws Exception {
    fakes.processInstances.create.succeedWith(
        new ProcessInstanceCreated(11, "p", 1, 2251799813685251L, "<default>", List.of()));
    final long before = recordedTotals("create-process-instance");

    final var response =
        send(json("/v2/process-instances", "{\"processDefinitionId\": \"p\", \"variables\": {}}"));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
    final JsonNode body = JSON.readTree(response.body());
    assertThat(body.path("processInstanceKey").asText()).isEqualTo("2251799813685251");
    assertThat(body.path("processInstanceKey").isTextual()).isTrue();
    // recorded by the AsyncListener after the response is complete, never a second time
    await()
        .during(Duration.ofMillis(300))
        .atMost(Duration.ofSeconds(5))
        .until(() -> recordedTotals("create-process-instance") == before + 1);
  }

  @Test
  void answersAFailedFutureAsProblemJson() throws Exception {
    fakes.jobs.complete.failWith(
        new ServiceException(ServiceStatus.RESOURCE_EXHAUSTED, "backpressure"));

    final var response = send(json("/v2/jobs/5/completion", "{}"));

    assertThat(response.statusCode()).isEqualTo(503);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
    final JsonNode problem = JSON.readTree(response.body());
    assertThat(problem.path("title").asText()).isEqualTo("RESOURCE_EXHAUSTED");
    assertThat(problem.path("status").asInt()).isEqualTo(503);
    assertThat(problem.path("detail").asText()).isEqualTo("backpressure");
    assertThat(problem.path("instance").asText()).isEqualTo("/v2/jobs/5/completion");
  }

  @Test
  void answersMalformedJsonWithTheFieldNamed() throws Exception {
    final var response =
        send(json("/v2/messages/publication", "{\"name\": \"n\", \"timeToLive\": 1x}"));

    assertThat(response.statusCode()).isEqualTo(400);
    final JsonNode problem = JSON.readTree(response.body());
    assertThat(problem.path("title").asText()).isEqualTo("INVALID_ARGUMENT");
    assertThat(problem.path("detail").asText()).startsWith("timeToLive: malformed JSON");
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void rejectsAnOversizedUploadWith413AndSendsNothing() throws Exception {
    final var response = send(multipart("resources", "big.bpmn", new byte[2048]));

    assertThat(response.statusCode()).isEqualTo(413);
    final JsonNode problem = JSON.readTree(response.body());
    assertThat(problem.path("title").asText()).endsWith("TOO_LARGE");
    assertThat(problem.path("detail").asText()).startsWith("resources: the upload exceeds");
    assertThat(problem.path("instance").asText()).isEqualTo("/v2/deployments");
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void deploysAMultipartUploadWithinTheLimits() throws Exception {
    fakes.deployment.deploy.succeedWith(
        new DeploymentResult(
            1, "<default>", List.of(), List.of(), List.of(), List.of(), List.of()));

    final var response = send(multipart("resources", "small.bpmn", new byte[100]));

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(fakes.deployment.deploy.lastCall().command().resources().getFirst().content())
        .hasSize(100);
  }

  @Test
  void statusIsOpenAndOtherPathsAreDenied() throws Exception {
    assertThat(send(get("/v2/status")).statusCode()).isEqualTo(204);
    assertThat(send(get("/somewhere/else")).statusCode()).isEqualTo(403);
    assertThat(send(get("/v2/topology")).statusCode()).isEqualTo(200);
  }

  private HttpRequest.Builder request(final String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(10));
  }

  private HttpRequest get(final String path) {
    return request(path).GET().build();
  }

  private HttpRequest json(final String path, final String body) {
    return request(path)
        .header("Content-Type", "application/json")
        .POST(BodyPublishers.ofString(body))
        .build();
  }

  private HttpRequest multipart(final String part, final String fileName, final byte[] content)
      throws Exception {
    final String boundary = "gatefork-test-boundary";
    final var body = new ByteArrayOutputStream();
    body.write(
        ("--"
                + boundary
                + "\r\nContent-Disposition: form-data; name=\""
                + part
                + "\"; filename=\""
                + fileName
                + "\"\r\nContent-Type: application/octet-stream\r\n\r\n")
            .getBytes(StandardCharsets.UTF_8));
    body.write(content);
    body.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    return request("/v2/deployments")
        .header("Content-Type", "multipart/form-data; boundary=" + boundary)
        .POST(BodyPublishers.ofByteArray(body.toByteArray()))
        .build();
  }

  private static HttpResponse<String> send(final HttpRequest request) throws Exception {
    return CLIENT.send(request, BodyHandlers.ofString());
  }
}
