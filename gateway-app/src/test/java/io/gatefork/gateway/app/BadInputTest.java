package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The faults a spec-driven fuzzer found (issue #12), one test each: every malformed request gets a
 * 4xx RFC 9457 ProblemDetail naming what is wrong, and none reaches the broker (its command counter
 * stays where it was).
 */
class BadInputTest extends GatewayTestSupport {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final String PROBLEM_JSON = "application/problem+json";

  // --- 1: multipart without a boundary

  @Test
  void multipartContentTypeWithoutBoundaryIs400OnAnyPath() {
    final long before = broker.commands().total();

    final var topology = raw("GET", "/v2/topology", "multipart/form-data", "");
    final var create =
        raw(
            "POST",
            "/v2/process-instances",
            "multipart/form-data",
            "{\"processDefinitionId\":\"p\"}");

    assertProblem(topology, 400, "INVALID_ARGUMENT", "multipart");
    assertProblem(create, 400, "INVALID_ARGUMENT", "multipart");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  // --- 2: a key whose partition the cluster does not have

  @Test
  void keyOnAPartitionTheClusterLacksIs404NotFoundWithoutAskingTheBroker() {
    final long before = broker.commands().total();

    // key 1 encodes partition 0; 2251799813684321 and 2251799813326547 encode partition 0 too
    final var complete = json("POST", "/v2/jobs/1/completion", "{}");
    final var cancelBatch =
        json("POST", "/v2/batch-operations/2251799813684321/cancellation", null);
    final var resource = json("GET", "/v2/resources/2251799813326547", null);
    final var resolve = json("POST", "/v2/incidents/1/resolution", "{}");

    for (final var response : List.of(complete, cancelBatch, resource, resolve)) {
      assertProblem(response, 404, "NOT_FOUND", "does not exist in this cluster");
    }
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  // --- 3: authorization keys of another partition than the deployment partition

  @Test
  void authorizationKeyOfAnotherPartitionIs404AtOnceAsOnPartitionOne() {
    final long before = broker.commands().total();
    final long start = System.nanoTime();

    // the spec's example key, on partition 2: the engine would never answer such a command
    final var delete = json("DELETE", "/v2/authorizations/4503599627370497", null);
    final var update =
        json(
            "PUT",
            "/v2/authorizations/4503599627370497",
            "{\"ownerId\":\"o\",\"ownerType\":\"USER\",\"resourceId\":\"*\","
                + "\"resourceType\":\"RESOURCE\",\"permissionTypes\":[\"READ\"]}");

    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
    assertProblem(
        delete, 404, "NOT_FOUND", "Expected to delete authorization with key 4503599627370497");
    assertProblem(
        update, 404, "NOT_FOUND", "Expected to update authorization with key 4503599627370497");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  // --- 4: metadataList = null

  @Test
  void documentBatchWithNullMetadataListIs400() {
    final var response =
        multipart(
            "/v2/documents/batch",
            filePart("files", "a.txt", "hello"),
            jsonPart("metadataList", "null"));

    assertProblem(response, 400, "INVALID_ARGUMENT", "metadataList");
  }

  // --- 5: requestTimeout = Long.MAX_VALUE

  @Test
  void jobActivationWithTheLargestRequestTimeoutIsServedNotOverflowed() {
    try (var client = client(true)) {
      deployProcess(
          client,
          ProcessFixtures.taskProcess("bad-input-timeout", "bad-input-timeout"),
          "bad-input-timeout.bpmn");
      ProcessFixtures.startLatest(client, "bad-input-timeout");
    }

    final var response =
        json(
            "POST",
            "/v2/jobs/activation",
            "{\"type\":\"bad-input-timeout\",\"timeout\":60000,\"maxJobsToActivate\":1,"
                + "\"requestTimeout\":9223372036854775807}");

    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.body()).contains("\"type\":\"bad-input-timeout\"");
  }

  // --- 6: %25 / %3B in the path

  @Test
  void encodedPercentOrSemicolonInThePathIsAProblemDetail() {
    final long before = broker.commands().total();

    final var semicolon = json("DELETE", "/v2/tenants/W/roles/a%3Bb", null);
    final var percent = json("PUT", "/v2/tenants/W/users/a%25b", null);
    // Tomcat would refuse this one itself, with a bare 400
    final var slash = json("PUT", "/v2/tenants/W/users/a%2Fb", null);

    assertProblem(semicolon, 400, "INVALID_ARGUMENT", "rejected");
    assertProblem(percent, 400, "INVALID_ARGUMENT", "rejected");
    assertProblem(slash, 400, "INVALID_ARGUMENT", "%2F");
    assertThat(semicolon.body()).doesNotContain("\"timestamp\"");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  // --- 7: booleans and numbers in string fields

  @Test
  void booleanOrNumberInAStringFieldIs400NamingTheField() {
    final long before = broker.commands().total();

    assertProblem(
        json("POST", "/v2/tenants", "{\"tenantId\":\"t1\",\"name\":true}"),
        400,
        "INVALID_ARGUMENT",
        "name: must be a string");
    assertProblem(
        json("POST", "/v2/roles", "{\"roleId\":\"r1\",\"name\":1.5}"),
        400,
        "INVALID_ARGUMENT",
        "name: must be a string");
    assertProblem(
        json("POST", "/v2/groups", "{\"groupId\":1,\"name\":\"g\"}"),
        400,
        "INVALID_ARGUMENT",
        "groupId: must be a string");
    assertProblem(
        json("POST", "/v2/signals/broadcast", "{\"signalName\":false}"),
        400,
        "INVALID_ARGUMENT",
        "signalName: must be a string");
    assertProblem(
        json("POST", "/v2/messages/publication", "{\"name\":\"m\",\"correlationKey\":12}"),
        400,
        "INVALID_ARGUMENT",
        "correlationKey: must be a string");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  // --- 8: key filters of batch operations

  @Test
  void batchKeyFilterAsJsonNumberOrLongerThanTheSpecAllowsIs400() {
    final long before = broker.commands().total();

    assertProblem(
        json(
            "POST",
            "/v2/process-instances/cancellation",
            "{\"filter\":{\"processInstanceKey\":{\"$in\":[123]}}}"),
        400,
        "INVALID_ARGUMENT",
        "filter.processInstanceKey.$in[0]: must be a string");
    // 26 characters that would parse as the long 1
    assertProblem(
        json(
            "POST",
            "/v2/process-instances/incident-resolution",
            "{\"filter\":{\"processInstanceKey\":\"00000000000000000000000001\"}}"),
        400,
        "INVALID_ARGUMENT",
        "at most 25 characters");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  // --- 9: the clock

  @Test
  void clockPinWithAFractionOrAnUnknownPropertyIs400() {
    final long before = broker.commands().total();

    assertProblem(
        json("PUT", "/v2/clock", "{\"timestamp\":1.5}"),
        400,
        "INVALID_ARGUMENT",
        "timestamp: must be an int64 number");
    assertProblem(
        json("PUT", "/v2/clock", "{\"timestamp\":1,\"speed\":2}"),
        400,
        "INVALID_ARGUMENT",
        "speed: is not a property of this request");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  // --- 10: document metadata values of the wrong type

  @Test
  void documentMetadataWithEmptyIdFractionalOrNullSizeOrEmptyExpiryIs400() {
    assertProblem(
        createDocument("{\"processDefinitionId\":\"\"}"),
        400,
        "INVALID_ARGUMENT",
        "metadata.processDefinitionId: must not be blank");
    assertProblem(
        createDocument("{\"size\":0.5}"),
        400,
        "INVALID_ARGUMENT",
        "metadata.size: must be an int64 number");
    assertProblem(
        createDocument("{\"size\":null}"),
        400,
        "INVALID_ARGUMENT",
        "metadata.size: must not be null");
    assertProblem(
        createDocument("{\"expiresAt\":\"\"}"), 400, "INVALID_ARGUMENT", "metadata.expiresAt");
    assertProblem(
        multipart(
            "/v2/documents/batch",
            filePart("files", "a.txt", "a"),
            jsonPart("metadataList", "[{\"size\":0.5}]")),
        400,
        "INVALID_ARGUMENT",
        "metadataList[0].size: must be an int64 number");
  }

  /** Found by the fuzzer: the spec's multipart schemas allow no other parts. */
  @Test
  void documentUploadWithAPartTheSpecDoesNotNameIs400() {
    assertProblem(
        multipart("/v2/documents", filePart("file", "a.txt", "a"), jsonPart("comment", "{}")),
        400,
        "INVALID_ARGUMENT",
        "comment: is not a part of this request");
    assertProblem(
        multipart(
            "/v2/documents/batch", filePart("files", "a.txt", "a"), jsonPart("comment", "{}")),
        400,
        "INVALID_ARGUMENT",
        "comment: is not a part of this request");
  }

  /** Found by the fuzzer: bcrypt refuses passwords over 72 bytes, which was a 500. */
  @Test
  void passwordLongerThanBcryptTakesIs400() {
    final long before = broker.commands().total();

    assertProblem(
        json(
            "POST",
            "/v2/users",
            "{\"username\":\"long-pw\",\"password\":\"" + "p".repeat(73) + "\"}"),
        400,
        "INVALID_ARGUMENT",
        "password: must not be longer than 72 bytes");
    assertThat(broker.commands().total()).isEqualTo(before);
  }

  // --- 11: expiresAt

  @Test
  void documentExpiryIsEchoedAsRfc3339AndAPastOneIs400() {
    final var created = createDocument("{\"expiresAt\":\"2999-01-01T00:00:00Z\"}");
    final var expired = createDocument("{\"expiresAt\":\"2000-01-01T00:00:00Z\"}");

    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(created.body()).contains("\"expiresAt\":\"2999-01-01T00:00:00Z\"");
    assertProblem(expired, 400, "INVALID_ARGUMENT", "metadata.expiresAt: must be in the future");
  }

  // (12: links on the in-memory store answer 403 as stock 8.8 does: DocumentApiTest)

  // --- helpers

  private HttpResponse<String> createDocument(final String metadata) {
    return multipart(
        "/v2/documents", filePart("file", "a.txt", "hello"), jsonPart("metadata", metadata));
  }

  private static void assertProblem(
      final HttpResponse<String> response,
      final int status,
      final String title,
      final String detailPart) {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith(PROBLEM_JSON));
    assertThat(response.body()).contains("\"title\":\"" + title + "\"").contains(detailPart);
  }

  private HttpResponse<String> json(final String method, final String path, final String body) {
    return raw(method, path, body == null ? null : "application/json", body == null ? "" : body);
  }

  private HttpResponse<String> raw(
      final String method, final String path, final String contentType, final String body) {
    final var request =
        HttpRequest.newBuilder(URI.create(baseUrl() + path))
            .timeout(Duration.ofSeconds(20))
            .method(method, HttpRequest.BodyPublishers.ofString(body));
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    return send(request.build());
  }

  private static final String BOUNDARY = "gatefork-bad-input";

  private static String filePart(final String name, final String fileName, final String content) {
    return "--"
        + BOUNDARY
        + "\r\nContent-Disposition: form-data; name=\""
        + name
        + "\"; filename=\""
        + fileName
        + "\"\r\nContent-Type: text/plain\r\n\r\n"
        + content
        + "\r\n";
  }

  private static String jsonPart(final String name, final String json) {
    return "--"
        + BOUNDARY
        + "\r\nContent-Disposition: form-data; name=\""
        + name
        + "\"\r\nContent-Type: application/json\r\n\r\n"
        + json
        + "\r\n";
  }

  private HttpResponse<String> multipart(final String path, final String... parts) {
    final String body = String.join("", parts) + "--" + BOUNDARY + "--\r\n";
    return send(
        HttpRequest.newBuilder(URI.create(baseUrl() + path))
            .timeout(Duration.ofSeconds(20))
            .header("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
            .build());
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
