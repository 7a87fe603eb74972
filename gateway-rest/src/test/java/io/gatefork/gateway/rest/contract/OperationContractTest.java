package io.gatefork.gateway.rest.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.gateway.rest.contract.RestApiSpec.Operation;
import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * The contract between gatefork's REST API and the stock 8.8 spec, operation by operation: every
 * operation of the spec is classified in {@code rest-operations.txt} (and nothing else is), every
 * served one is mapped by a controller that answers the spec's success status, names a missing
 * required field or a malformed key in a 400, and maps backpressure to a documented 503; every
 * other one answers its documented problem. Driven over HTTP against the module with fake services.
 */
class OperationContractTest extends RestTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** gatefork's own endpoints, not part of the 8.8 API. */
  private static final Set<String> GATEFORK_ROUTES =
      Set.of("GET " + OpenApiController.YAML_PATH, "GET " + OpenApiController.JSON_PATH);

  /** Answered by the gateway itself: no service call that could fail. */
  private static final Set<String> LOCAL_OPERATIONS =
      Set.of("getTopology", "getStatus", "getLicense", "getAuthentication");

  /**
   * Where the spec leaves out a status gatefork (like the stock gateway) answers: a malformed key
   * is a 400 and backpressure a 503 for every operation, documented or not. A new operation that
   * deviates fails the test until it is listed here.
   */
  private static final Set<String> UNDOCUMENTED_400 =
      Set.of(
          "getResource",
          "getResourceContent",
          "updateAuthorization",
          "deleteAuthorization",
          "resetClock");

  private static final Set<String> UNDOCUMENTED_503 =
      Set.of(
          "createMappingRule",
          "getResource",
          "getResourceContent",
          "cancelBatchOperation",
          "cancelProcessInstancesBatchOperation",
          "resolveIncidentsBatchOperation",
          "migrateProcessInstancesBatchOperation",
          "modifyProcessInstancesBatchOperation",
          // the document API: a full in-memory store or a saturated I/O pool answers 503
          "createDocument",
          "createDocuments",
          "getDocument",
          "deleteDocument",
          "createDocumentLink");

  /** The file part each multipart operation requires. */
  private static final Map<String, String> MULTIPART_FILE_PART =
      Map.of("createDocument", "file", "createDocuments", "files");

  /**
   * Sample bodies where the spec's required fields alone are not a valid request: an update of a
   * user task must change something, a batch operation's filter must select by something.
   */
  private static final String BATCH_FILTER = "\"filter\":{\"processDefinitionId\":\"order\"}";

  private static final Map<String, String> SAMPLE_BODIES =
      Map.of(
          "updateUserTask",
          "{\"changeset\":{\"priority\":50}}",
          "cancelProcessInstancesBatchOperation",
          "{" + BATCH_FILTER + "}",
          "resolveIncidentsBatchOperation",
          "{" + BATCH_FILTER + "}",
          "migrateProcessInstancesBatchOperation",
          "{"
              + BATCH_FILTER
              + ",\"migrationPlan\":{\"targetProcessDefinitionKey\":\""
              + CannedResults.KEY
              + "\",\"mappingInstructions\":[{\"sourceElementId\":\"a\","
              + "\"targetElementId\":\"b\"}]}}",
          "modifyProcessInstancesBatchOperation",
          "{"
              + BATCH_FILTER
              + ",\"moveInstructions\":[{\"sourceElementId\":\"a\","
              + "\"targetElementId\":\"b\"}]}");

  private static RestApiSpec spec;
  private static RestOperationCatalog catalog;

  @LocalServerPort private int port;

  @Autowired
  @Qualifier("requestMappingHandlerMapping")
  private RequestMappingHandlerMapping handlerMapping;

  @BeforeAll
  static void readContract() {
    spec = RestApiSpec.load();
    catalog = RestOperationCatalog.load();
  }

  @Test
  void everyOperationOfTheSpecIsClassifiedWithItsMethodPathAndTag() {
    final var inSpec = new TreeSet<String>();
    for (final Operation operation : spec.operations()) {
      inSpec.add(
          String.join(
              " ", operation.operationId(), operation.method(), operation.path(), operation.tag()));
    }
    final var classified = new TreeSet<String>();
    for (final RestOperation operation : catalog.all()) {
      classified.add(
          String.join(
              " ",
              operation.operationId(),
              operation.method(),
              operation.path(),
              operation.group()));
    }

    assertThat(classified)
        .as("rest-operations.txt must list exactly the operations of rest-api.yaml")
        .containsExactlyElementsOf(inSpec);
  }

  @Test
  void controllersMapExactlyTheServedOperationsAndAnswersCoverTheRest() {
    final Set<String> servedRoutes = new TreeSet<>();
    final Set<String> unservedRoutes = new TreeSet<>();
    for (final RestOperation operation : catalog.all()) {
      (operation.served() ? servedRoutes : unservedRoutes)
          .add(UnservedOperationMappings.route(operation.method(), operation.apiPath()));
    }
    final Set<String> controllerRoutes = new TreeSet<>();
    final Set<String> answerRoutes = new TreeSet<>();
    for (final Map.Entry<RequestMappingInfo, HandlerMethod> mapping :
        handlerMapping.getHandlerMethods().entrySet()) {
      final boolean answer = mapping.getValue().getBean() instanceof UnservedOperationHandler;
      for (final String pattern : mapping.getKey().getPatternValues()) {
        for (final var method : mapping.getKey().getMethodsCondition().getMethods()) {
          (answer ? answerRoutes : controllerRoutes)
              .add(UnservedOperationMappings.route(method.name(), pattern));
        }
      }
    }
    controllerRoutes.removeAll(GATEFORK_ROUTES);

    assertThat(controllerRoutes).as("routes of controllers").isEqualTo(servedRoutes);
    assertThat(answerRoutes).as("routes answered as not served").isEqualTo(unservedRoutes);
  }

  @TestFactory
  Stream<DynamicTest> servedOperationAnswersTheSpecsSuccessStatusAndRequiredFields() {
    return served()
        .map(
            operation ->
                dynamicTest(
                    operation.operationId(),
                    () -> {
                      fakes.reset();
                      CannedResults.succeedEverywhere(fakes);
                      final Answer answer = send(operation, path(operation), sampleBody(operation));

                      assertThat(answer.status())
                          .as("%s answers the spec's success status: %s", operation, answer)
                          .isEqualTo(operation.successStatus());
                      final Map<String, Object> schema = spec.successSchema(operation);
                      if (schema != null && "object".equals(schema.get("type"))) {
                        final JsonNode body = JSON.readTree(answer.body());
                        for (final String field : RestApiSpec.required(schema)) {
                          assertThat(body.has(field))
                              .as("%s answers the required field %s: %s", operation, field, answer)
                              .isTrue();
                        }
                      }
                    }));
  }

  @TestFactory
  Stream<DynamicTest> servedOperationNamesAMissingRequiredFieldInA400() {
    final var tests = new ArrayList<DynamicTest>();
    served()
        .filter(operation -> operation.body() != null)
        .forEach(
            operation -> {
              for (final String field : requiredFields(operation)) {
                tests.add(
                    dynamicTest(
                        operation.operationId() + " without " + field,
                        () -> {
                          fakes.reset();
                          CannedResults.succeedEverywhere(fakes);
                          final Answer answer =
                              send(operation, path(operation), sampleBodyWithout(operation, field));

                          assertProblem(answer, 400, "INVALID_ARGUMENT", field);
                          assertThat(operation.statuses().contains(400))
                              .as("400 documented for %s", operation.operationId())
                              .isNotEqualTo(UNDOCUMENTED_400.contains(operation.operationId()));
                          assertThat(fakes.calls()).as("nothing reached a service").isZero();
                        }));
              }
            });
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> servedOperationNamesAMalformedKeyInA400() {
    final var tests = new ArrayList<DynamicTest>();
    served()
        .forEach(
            operation -> {
              for (final RestApiSpec.Parameter parameter : operation.pathParameters()) {
                if (!parameter.numericKey()) {
                  continue;
                }
                tests.add(
                    dynamicTest(
                        operation.operationId() + " with a malformed " + parameter.name(),
                        () -> {
                          fakes.reset();
                          CannedResults.succeedEverywhere(fakes);
                          final String path =
                              path(operation).replace(keyValue(operation, parameter), "not-a-key");
                          final Answer answer = send(operation, path, sampleBody(operation));

                          assertProblem(answer, 400, "INVALID_ARGUMENT", parameter.name());
                          assertThat(operation.statuses().contains(400))
                              .as("400 documented for %s", operation.operationId())
                              .isNotEqualTo(UNDOCUMENTED_400.contains(operation.operationId()));
                        }));
              }
            });
    return tests.stream();
  }

  @TestFactory
  Stream<DynamicTest> servedCommandMapsBackpressureToADocumented503() {
    return served()
        .filter(operation -> !LOCAL_OPERATIONS.contains(operation.operationId()))
        .map(
            operation ->
                dynamicTest(
                    operation.operationId(),
                    () -> {
                      fakes.reset();
                      CannedResults.failEverywhere(
                          fakes,
                          new ServiceException(ServiceStatus.RESOURCE_EXHAUSTED, "Broker is busy"));
                      final Answer answer = send(operation, path(operation), sampleBody(operation));

                      assertProblem(answer, 503, "RESOURCE_EXHAUSTED", "Broker is busy");
                      assertThat(operation.statuses().contains(503))
                          .as("503 documented for %s", operation.operationId())
                          .isNotEqualTo(UNDOCUMENTED_503.contains(operation.operationId()));
                    }));
  }

  @TestFactory
  Stream<DynamicTest> operationNotServedAnswersItsDocumentedProblem() {
    return spec.operations().stream()
        .filter(operation -> !catalog.get(operation.operationId()).served())
        .map(
            operation ->
                dynamicTest(
                    operation.operationId(),
                    () -> {
                      fakes.reset();
                      final RestOperation classified = catalog.get(operation.operationId());
                      final Answer answer = send(operation, path(operation), "{}");

                      if (classified.status() == OperationStatus.SECONDARY_STORAGE) {
                        assertProblem(
                            answer,
                            UnservedOperationHandler.SECONDARY_STORAGE_STATUS,
                            UnservedOperationHandler.SECONDARY_STORAGE_TITLE,
                            "This endpoint requires a secondary storage");
                      } else {
                        assertProblem(
                            answer,
                            UnservedOperationHandler.NOT_SERVED_YET_STATUS,
                            UnservedOperationHandler.NOT_SERVED_YET_TITLE,
                            "gatefork does not serve " + operation.operationId() + " yet");
                      }
                      assertThat(answer.body()).contains(operation.operationId());
                      assertThat(fakes.calls()).isZero();
                    }));
  }

  // --- requests

  private record Answer(int status, String contentType, String body) {}

  private static Stream<Operation> served() {
    return spec.operations().stream()
        .filter(operation -> catalog.get(operation.operationId()).served());
  }

  /** Fields whose absence must be a 400: the required ones of the body (first alternative). */
  private static List<String> requiredFields(final Operation operation) {
    if (operation.body().contentType().startsWith("multipart/")) {
      return List.of(MULTIPART_FILE_PART.getOrDefault(operation.operationId(), "resources"));
    }
    return RestApiSpec.required(spec.firstAlternative(operation.body().schema()));
  }

  private static String path(final Operation operation) {
    String path = RestOperation.API_PREFIX + operation.path();
    for (final RestApiSpec.Parameter parameter : operation.pathParameters()) {
      path = path.replace("{" + parameter.name() + "}", keyValue(operation, parameter));
    }
    return path;
  }

  private static String keyValue(final Operation operation, final RestApiSpec.Parameter parameter) {
    // distinct per parameter, so that a replacement hits exactly one of them
    final int index = operation.pathParameters().indexOf(parameter);
    return parameter.numericKey() ? Long.toString(CannedResults.KEY + index) : "id-" + index;
  }

  private static String sampleBody(final Operation operation) throws IOException {
    if (operation.body() == null) {
      return null;
    }
    if (operation.body().contentType().startsWith("multipart/")) {
      return MULTIPART_WITH_RESOURCE.replace(
          "name=\"resources\"",
          "name=\""
              + MULTIPART_FILE_PART.getOrDefault(operation.operationId(), "resources")
              + "\"");
    }
    if (SAMPLE_BODIES.containsKey(operation.operationId())) {
      return SAMPLE_BODIES.get(operation.operationId());
    }
    return JSON.writeValueAsString(spec.sample("body", operation.body().schema()));
  }

  @SuppressWarnings("unchecked")
  private static String sampleBodyWithout(final Operation operation, final String field)
      throws IOException {
    if (operation.body().contentType().startsWith("multipart/")) {
      return MULTIPART_WITHOUT_RESOURCE;
    }
    final var body =
        new LinkedHashMap<>((Map<String, Object>) spec.sample("body", operation.body().schema()));
    body.remove(field);
    return JSON.writeValueAsString(body);
  }

  private static final String BOUNDARY = "gatefork-contract";
  private static final String MULTIPART_WITH_RESOURCE =
      "--"
          + BOUNDARY
          + "\r\n"
          + "Content-Disposition: form-data; name=\"resources\"; filename=\"order.bpmn\"\r\n"
          + "Content-Type: application/octet-stream\r\n\r\n"
          + "<definitions/>\r\n"
          + "--"
          + BOUNDARY
          + "--\r\n";
  private static final String MULTIPART_WITHOUT_RESOURCE =
      "--"
          + BOUNDARY
          + "\r\n"
          + "Content-Disposition: form-data; name=\"tenantId\"\r\n\r\n"
          + "<default>\r\n"
          + "--"
          + BOUNDARY
          + "--\r\n";

  private Answer send(final Operation operation, final String path, final String body)
      throws IOException, InterruptedException {
    final var request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(10))
            .header("Accept", "application/json, application/problem+json");
    if (body == null) {
      request.method(operation.method(), HttpRequest.BodyPublishers.noBody());
    } else {
      final boolean multipart =
          operation.body() != null && operation.body().contentType().startsWith("multipart/");
      request.header(
          "Content-Type",
          multipart ? "multipart/form-data; boundary=" + BOUNDARY : "application/json");
      request.method(
          operation.method(), HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
    }
    final HttpResponse<String> response =
        HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    return new Answer(
        response.statusCode(),
        response.headers().firstValue("Content-Type").orElse(""),
        response.body());
  }

  private static void assertProblem(
      final Answer answer, final int status, final String title, final String detailContains)
      throws IOException {
    assertThat(answer.status()).as("status of %s", answer).isEqualTo(status);
    assertThat(answer.contentType()).startsWith("application/problem+json");
    final JsonNode problem = JSON.readTree(answer.body());
    assertThat(problem.path("title").asText()).as("title of %s", answer).isEqualTo(title);
    assertThat(problem.path("detail").asText()).as("detail of %s", answer).contains(detailContains);
  }
}
