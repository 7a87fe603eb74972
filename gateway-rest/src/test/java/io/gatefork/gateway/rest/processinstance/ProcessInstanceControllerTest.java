package io.gatefork.gateway.rest.processinstance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.processinstance.ProcessInstanceCreated;
import io.gatefork.service.processinstance.ProcessInstanceResult;
import io.gatefork.service.testing.FakeProcessInstanceServices;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

class ProcessInstanceControllerTest extends RestTestSupport {
  private static final String PATH = "/v2/process-instances";
  private static final ProcessInstanceCreated CREATED =
      new ProcessInstanceCreated(
          2251799813685249L, "order-process", 3, 2251799813685251L, "<default>", List.of("vip"));

  private static MockHttpServletRequestBuilder create(final String json) {
    return post(PATH).contentType(MediaType.APPLICATION_JSON).content(json);
  }

  @Test
  void createsByKeyAndAnswersKeysAsStrings() throws Exception {
    fakes.processInstances.create.succeedWith(CREATED);

    final var result =
        performAsync(
            create(
                """
                {"processDefinitionKey": "2251799813685249",
                 "variables": {"amount": 12.50, "items": [1, {"a": null}]},
                 "tenantId": "tenant-a", "operationReference": 7,
                 "startInstructions": [{"elementId": "task-b"}], "tags": ["vip", "rush"]}
                """));

    final var body = json(result);
    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
    assertThat(body.path("processDefinitionKey").isTextual()).isTrue();
    assertThat(body.path("processDefinitionKey").asText()).isEqualTo("2251799813685249");
    assertThat(body.path("processInstanceKey").isTextual()).isTrue();
    assertThat(body.path("processInstanceKey").asText()).isEqualTo("2251799813685251");
    assertThat(body.path("processDefinitionId").asText()).isEqualTo("order-process");
    assertThat(body.path("processDefinitionVersion").asInt()).isEqualTo(3);
    assertThat(body.path("tenantId").asText()).isEqualTo("<default>");
    assertThat(body.path("variables").isObject()).isTrue();
    assertThat(body.path("variables").size()).isZero();
    assertThat(body.path("tags").get(0).asText()).isEqualTo("vip");

    final var command = fakes.processInstances.create.lastCall().command();
    assertThat(command.processDefinitionKey()).isEqualTo(2251799813685249L);
    assertThat(command.bpmnProcessId()).isNull();
    assertThat(command.variables().toJson())
        .isEqualTo("{\"amount\":12.5,\"items\":[1,{\"a\":null}]}");
    assertThat(command.tenantId()).isEqualTo("tenant-a");
    assertThat(command.operationReference()).isEqualTo(7L);
    assertThat(command.startElementIds()).containsExactly("task-b");
    assertThat(command.tags()).containsExactly("vip", "rush");
  }

  @Test
  void createsByIdWithLatestVersionByDefault() throws Exception {
    fakes.processInstances.create.succeedWith(CREATED);

    performAsync(create("{\"processDefinitionId\": \"order-process\"}"));

    final var command = fakes.processInstances.create.lastCall().command();
    assertThat(command.bpmnProcessId()).isEqualTo("order-process");
    assertThat(command.version()).isEqualTo(-1);
    assertThat(command.processDefinitionKey()).isNull();
    assertThat(command.variables()).isNull();
    assertThat(command.startElementIds()).isEmpty();
    assertThat(command.tags()).isEmpty();
  }

  @Test
  void createsWithTerminateRuntimeInstructions() throws Exception {
    fakes.processInstances.create.succeedWith(CREATED);

    performAsync(
        create(
            """
        {"processDefinitionId": "order-process", "runtimeInstructions": [
          {"type": "TERMINATE_PROCESS_INSTANCE", "afterElementId": "review"},
          {"type": "TERMINATE_PROCESS_INSTANCE", "afterElementId": "ship"}]}"""));

    assertThat(fakes.processInstances.create.lastCall().command().terminateAfterElementIds())
        .containsExactly("review", "ship");
  }

  @Test
  void createsByIdAndVersion() throws Exception {
    fakes.processInstances.create.succeedWith(CREATED);

    performAsync(
        create("{\"processDefinitionId\": \"order-process\", \"processDefinitionVersion\": 2}"));

    assertThat(fakes.processInstances.create.lastCall().command().version()).isEqualTo(2);
  }

  @Test
  void awaitsCompletionAndAnswersTheVariables() throws Exception {
    fakes.processInstances.createWithResult.succeedWith(
        new ProcessInstanceResult(
            11L,
            "order-process",
            1,
            12L,
            "<default>",
            JsonDocument.ofJson("{\"total\":42,\"ok\":true}"),
            List.of()));

    final var result =
        performAsync(
            create(
                """
                {"processDefinitionId": "order-process", "awaitCompletion": true,
                 "fetchVariables": ["total", "ok"], "requestTimeout": 30000}
                """));

    final var body = json(result);
    assertThat(body.path("variables").path("total").asInt()).isEqualTo(42);
    assertThat(body.path("variables").path("ok").asBoolean()).isTrue();
    assertThat(body.path("processInstanceKey").asText()).isEqualTo("12");
    assertThat(body.path("tags").isArray()).isTrue();
    final var call = fakes.processInstances.createWithResult.lastCall();
    assertThat(call.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(call.fetchVariables()).containsExactly("total", "ok");
    assertThat(fakes.processInstances.create.count()).isZero();
  }

  @Test
  void awaitCompletionWithoutTimeoutLeavesTheClusterDefault() throws Exception {
    fakes.processInstances.createWithResult.succeedWith(
        new ProcessInstanceResult(11L, "p", 1, 12L, "<default>", JsonDocument.EMPTY, List.of()));

    performAsync(create("{\"processDefinitionKey\": \"11\", \"awaitCompletion\": true}"));

    final var call = fakes.processInstances.createWithResult.lastCall();
    assertThat(call.requestTimeout()).isNull();
    assertThat(call.fetchVariables()).isEmpty();
  }

  @Test
  void holdsNoThreadWhileWaitingForTheInstance() throws Exception {
    final var pending = new CompletableFuture<ProcessInstanceResult>();
    fakes.processInstances.createWithResult.answerWith(pending);

    final var started =
        mvc.perform(create("{\"processDefinitionKey\": \"11\", \"awaitCompletion\": true}"))
            .andReturn();
    assertThat(started.getRequest().isAsyncStarted()).isTrue();
    assertThat(started.getResponse().getContentAsString()).isEmpty();

    pending.complete(
        new ProcessInstanceResult(11L, "p", 1, 12L, "<default>", JsonDocument.EMPTY, List.of()));
    final var done = whenAnswered(started);
    assertThat(done.andReturn().getResponse().getStatus()).isEqualTo(200);
  }

  @Test
  void awaitingCompletionMayOutlastTheContainersDefaultAsyncTimeout() throws Exception {
    fakes.processInstances.createWithResult.answerWith(new CompletableFuture<>());

    final var started =
        mvc.perform(
                create(
                    "{\"processDefinitionKey\": \"11\", \"awaitCompletion\": true,"
                        + " \"requestTimeout\": 120000}"))
            .andReturn();

    assertThat(started.getRequest().getAsyncContext().getTimeout())
        .isEqualTo(120_000 + AsyncResponses.CLIENT_TIMEOUT_GRACE.toMillis());
  }

  /** Both branches of ProcessInstanceCreationInstruction say additionalProperties: false. */
  @Test
  void refusesAPropertyTheSpecDoesNotAllow() throws Exception {
    final var result =
        performSync(create("{\"processDefinitionKey\": \"1\", \"somethingNew\": {\"x\": 1}}"));

    assertProblem(
        result,
        400,
        "INVALID_ARGUMENT",
        "somethingNew: is not a property of this request",
        "/v2/process-instances");
    assertThat(fakes.calls()).isZero();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          non-numeric key              | {"processDefinitionKey": "12ab"}                                 | processDefinitionKey: must be a numeric string
          empty key                    | {"processDefinitionKey": ""}                                     | processDefinitionKey: must be a numeric string
          key a fraction               | {"processDefinitionKey": 1.5}                                    | processDefinitionKey: must be a string
          key a JSON number            | {"processDefinitionKey": 15}                                     | processDefinitionKey: must be a string
          key longer than the spec's 25 | {"processDefinitionKey": "00000000000000000000000015"}          | processDefinitionKey: must be a numeric string of at most 25
          key beyond int64             | {"processDefinitionKey": "99999999999999999999"}                 | processDefinitionKey: must be a numeric string in the int64 range
          key an object                | {"processDefinitionKey": {}}                                     | processDefinitionKey: must be a string
          neither key nor id           | {"variables": {}}                                                | processDefinitionKey, processDefinitionId: one of them is required
          key and id                   | {"processDefinitionKey": "1", "processDefinitionId": "p"}        | processDefinitionKey, processDefinitionId: give only one of them
          blank id                     | {"processDefinitionId": " "}                                     | processDefinitionId: must not be blank
          variables an array           | {"processDefinitionId": "p", "variables": [1]}                   | variables: must be a JSON object
          variables a string           | {"processDefinitionId": "p", "variables": "{}"}                  | variables: must be a JSON object
          version not a number         | {"processDefinitionId": "p", "processDefinitionVersion": "x"}    | processDefinitionVersion: must be an int32 number
          version beyond int32         | {"processDefinitionId": "p", "processDefinitionVersion": 3000000000} | processDefinitionVersion: must be an int32 number
          await not a boolean          | {"processDefinitionId": "p", "awaitCompletion": "soon"}          | awaitCompletion: must be a boolean
          operation reference 0        | {"processDefinitionId": "p", "operationReference": 0}            | operationReference: must be at least 1
          start instruction without id | {"processDefinitionId": "p", "startInstructions": [{}]}          | startInstructions[0].elementId: is required
          start instruction wrong type | {"processDefinitionId": "p", "startInstructions": [{"elementId": "a"}, {"elementId": []}]} | startInstructions[1].elementId: must be a string
          tag starting with a digit    | {"processDefinitionId": "p", "tags": ["ok", "1bad"]}             | tags[1]: must start with a letter
          duplicate tags               | {"processDefinitionId": "p", "tags": ["a", "a"]}                 | tags: must not contain duplicates
          too many tags                | {"processDefinitionId": "p", "tags": ["a","b","c","d","e","f","g","h","i","j","k"]} | tags: must not contain more than 10 tags
          bad tenant                   | {"processDefinitionId": "p", "tenantId": "a b"}                  | tenantId: must be '<default>' or contain only
          negative request timeout     | {"processDefinitionId": "p", "awaitCompletion": true, "requestTimeout": -1} | requestTimeout: must not be negative
          runtime instruction type     | {"processDefinitionId": "p", "runtimeInstructions": [{"type": "PAUSE", "afterElementId": "x"}]} | runtimeInstructions[0].type: must be one of [TERMINATE_PROCESS_INSTANCE]
          runtime instruction no type  | {"processDefinitionId": "p", "runtimeInstructions": [{"afterElementId": "x"}]} | runtimeInstructions[0].type: is required
          terminate without element    | {"processDefinitionId": "p", "runtimeInstructions": [{"type": "TERMINATE_PROCESS_INSTANCE"}]} | runtimeInstructions[0].afterElementId: is required
          malformed JSON               | {"processDefinitionId": "p", "tenantId": }                       | tenantId: malformed JSON at line 1
          body an array                | [1, 2]                                                           | request body: must be a JSON object
          """)
  void rejectsBadInputWithTheFieldNamedAndSendsNothing(
      final String name, final String json, final String detail) throws Exception {
    final var result = performSync(create(json));

    assertProblem(result, 400, "INVALID_ARGUMENT", detail, PATH);
    assertThat(fakes.calls()).isZero();
  }

  /** No body, or the JSON null. */
  @ParameterizedTest
  @ValueSource(strings = {"", "null"})
  void rejectsAMissingBody(final String body) throws Exception {
    final var result =
        performSync(post(PATH).contentType(MediaType.APPLICATION_JSON).content(body));

    assertProblem(result, 400, "INVALID_ARGUMENT", "request body: is required", PATH);
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void rejectsANonJsonContentType() throws Exception {
    final var result =
        performSync(post(PATH).contentType(MediaType.TEXT_PLAIN).content("processDefinitionId=p"));

    assertProblem(result, 415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type", PATH);
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void cancelsWithoutBody() throws Exception {
    fakes.processInstances.cancel.succeedWith(null);

    final var result = performAsync(post(PATH + "/2251799813685251/cancellation"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(result.andReturn().getResponse().getContentAsString()).isEmpty();
    final FakeProcessInstanceServices.Cancel call = fakes.processInstances.cancel.lastCall();
    assertThat(call.processInstanceKey()).isEqualTo(2251799813685251L);
    assertThat(call.operationReference()).isNull();
  }

  @Test
  void cancelsWithOperationReference() throws Exception {
    fakes.processInstances.cancel.succeedWith(null);

    final var result =
        performAsync(
            post(PATH + "/5/cancellation")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"operationReference\": 99}"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(fakes.processInstances.cancel.lastCall().operationReference()).isEqualTo(99L);
  }

  @Test
  void cancelAnswersNotFoundFromTheService() throws Exception {
    fakes.processInstances.cancel.failWith(
        new ServiceException(
            ServiceStatus.NOT_FOUND,
            "Command 'CANCEL' rejected with code 'NOT_FOUND': no such instance"));

    final var result = performAsync(post(PATH + "/5/cancellation"));

    assertProblem(
        result,
        404,
        "NOT_FOUND",
        "Command 'CANCEL' rejected with code 'NOT_FOUND'",
        PATH + "/5/cancellation");
  }

  @Test
  void cancelRejectsANonNumericKey() throws Exception {
    final var result = performSync(post(PATH + "/abc/cancellation"));

    assertProblem(
        result,
        400,
        "INVALID_ARGUMENT",
        "processInstanceKey: must be a numeric string",
        PATH + "/abc/cancellation");
    assertThat(fakes.calls()).isZero();
  }
}
