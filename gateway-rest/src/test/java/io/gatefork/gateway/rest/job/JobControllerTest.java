package io.gatefork.gateway.rest.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.job.JobCompletionResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

class JobControllerTest extends RestTestSupport {
  private static final String ACTIVATION = "/v2/jobs/activation";
  private static final ActivatedJob JOB =
      new ActivatedJob(
          2251799813685260L,
          "payment",
          2251799813685251L,
          "order-process",
          3,
          2251799813685249L,
          "charge",
          2251799813685258L,
          JsonDocument.ofJson("{\"retry\":\"fast\"}"),
          "worker-1",
          3,
          1757280974277L,
          JsonDocument.ofJson("{\"amount\":12.5}"),
          "<default>",
          "BPMN_ELEMENT",
          "UNSPECIFIED");

  private static MockHttpServletRequestBuilder json(final String path, final String body) {
    return post(path).contentType(MediaType.APPLICATION_JSON).content(body);
  }

  @Test
  void activatesJobsWithTheSpecShape() throws Exception {
    fakes.jobs.activate.succeedWith(List.of(JOB));

    final var result =
        performAsync(
            json(
                ACTIVATION,
                """
                {"type": "payment", "worker": "worker-1", "timeout": 20000,
                 "maxJobsToActivate": 5, "fetchVariable": ["amount"], "requestTimeout": 60000,
                 "tenantIds": ["<default>", "tenant-a"]}
                """));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
    final var job = json(result).path("jobs").get(0);
    assertThat(job.path("jobKey").isTextual()).isTrue();
    assertThat(job.path("jobKey").asText()).isEqualTo("2251799813685260");
    assertThat(job.path("processInstanceKey").asText()).isEqualTo("2251799813685251");
    assertThat(job.path("processDefinitionKey").asText()).isEqualTo("2251799813685249");
    assertThat(job.path("elementInstanceKey").asText()).isEqualTo("2251799813685258");
    assertThat(job.path("processInstanceKey").isTextual()).isTrue();
    assertThat(job.path("type").asText()).isEqualTo("payment");
    assertThat(job.path("processDefinitionId").asText()).isEqualTo("order-process");
    assertThat(job.path("processDefinitionVersion").asInt()).isEqualTo(3);
    assertThat(job.path("elementId").asText()).isEqualTo("charge");
    assertThat(job.path("customHeaders").path("retry").asText()).isEqualTo("fast");
    assertThat(job.path("worker").asText()).isEqualTo("worker-1");
    assertThat(job.path("retries").asInt()).isEqualTo(3);
    assertThat(job.path("deadline").isNumber()).isTrue();
    assertThat(job.path("deadline").asLong()).isEqualTo(1757280974277L);
    assertThat(job.path("variables").path("amount").asDouble()).isEqualTo(12.5);
    assertThat(job.path("tenantId").asText()).isEqualTo("<default>");
    assertThat(job.path("kind").asText()).isEqualTo("BPMN_ELEMENT");
    assertThat(job.path("listenerEventType").asText()).isEqualTo("UNSPECIFIED");

    final var command = fakes.jobs.activate.lastCall().command();
    assertThat(command.type()).isEqualTo("payment");
    assertThat(command.worker()).isEqualTo("worker-1");
    assertThat(command.timeoutMillis()).isEqualTo(20000);
    assertThat(command.maxJobsToActivate()).isEqualTo(5);
    assertThat(command.fetchVariables()).containsExactly("amount");
    assertThat(command.requestTimeout()).isEqualTo(Duration.ofMinutes(1));
    assertThat(command.tenantIds()).containsExactly("<default>", "tenant-a");
  }

  @Test
  void activationDefaultsOptionalFields() throws Exception {
    fakes.jobs.activate.succeedWith(List.of());

    final var result =
        performAsync(
            json(
                ACTIVATION,
                "{\"type\": \"payment\", \"timeout\": 1000, \"maxJobsToActivate\": 1}"));

    assertThat(json(result).path("jobs").isArray()).isTrue();
    assertThat(json(result).path("jobs").size()).isZero();
    final var command = fakes.jobs.activate.lastCall().command();
    assertThat(command.worker()).isEmpty();
    assertThat(command.fetchVariables()).isEmpty();
    assertThat(command.tenantIds()).isEmpty();
    assertThat(command.requestTimeout()).isNull();
  }

  @Test
  void negativeRequestTimeoutAsksForAnImmediateAnswer() throws Exception {
    fakes.jobs.activate.succeedWith(List.of());

    performAsync(
        json(
            ACTIVATION,
            "{\"type\": \"t\", \"timeout\": 1000, \"maxJobsToActivate\": 1, \"requestTimeout\":"
                + " -1}"));

    assertThat(fakes.jobs.activate.lastCall().command().requestTimeout())
        .isEqualTo(Duration.ofMillis(-1));
  }

  @Test
  void longPollHoldsNoThreadUntilJobsArrive() throws Exception {
    final var pending = new CompletableFuture<List<ActivatedJob>>();
    fakes.jobs.activate.answerWith(pending);

    final var started =
        mvc.perform(json(ACTIVATION, "{\"type\": \"t\", \"timeout\": 1, \"maxJobsToActivate\": 1}"))
            .andReturn();
    assertThat(started.getRequest().isAsyncStarted()).isTrue();

    pending.complete(List.of(JOB));
    final var result = whenAnswered(started);
    assertThat(json(result).path("jobs").size()).isEqualTo(1);
  }

  @Test
  void aLongPollMayOutlastTheContainersDefaultAsyncTimeout() throws Exception {
    fakes.jobs.activate.answerWith(new CompletableFuture<>());

    final var started =
        mvc.perform(
                json(
                    ACTIVATION,
                    "{\"type\": \"t\", \"timeout\": 1, \"maxJobsToActivate\": 1,"
                        + " \"requestTimeout\": 600000}"))
            .andReturn();

    assertThat(started.getRequest().getAsyncContext().getTimeout())
        .isEqualTo(600_000 + AsyncResponses.CLIENT_TIMEOUT_GRACE.toMillis());
  }

  @Test
  void aLongPollWithoutItsOwnTimeoutKeepsTheDefaultAsyncTimeout() throws Exception {
    fakes.jobs.activate.answerWith(new CompletableFuture<>());
    fakes.jobs.complete.answerWith(new CompletableFuture<>());

    final var longPoll =
        mvc.perform(json(ACTIVATION, "{\"type\": \"t\", \"timeout\": 1, \"maxJobsToActivate\": 1}"))
            .andReturn();
    final var plain = mvc.perform(post("/v2/jobs/1/completion")).andReturn();

    assertThat(longPoll.getRequest().getAsyncContext().getTimeout())
        .isEqualTo(plain.getRequest().getAsyncContext().getTimeout());
  }

  @Test
  void missingJsonObjectsOfAJobAreAnsweredAsEmptyObjects() throws Exception {
    fakes.jobs.activate.succeedWith(
        List.of(
            new ActivatedJob(
                1,
                "t",
                2,
                "p",
                1,
                3,
                "e",
                4,
                JsonDocument.EMPTY,
                "w",
                1,
                5,
                JsonDocument.EMPTY,
                "<default>",
                null,
                null)));

    final var job =
        json(performAsync(
                json(ACTIVATION, "{\"type\": \"t\", \"timeout\": 1, \"maxJobsToActivate\": 1}")))
            .path("jobs")
            .get(0);

    assertThat(job.path("customHeaders").isObject()).isTrue();
    assertThat(job.path("variables").isObject()).isTrue();
    assertThat(job.path("kind").asText()).isEqualTo("BPMN_ELEMENT");
    assertThat(job.path("listenerEventType").asText()).isEqualTo("UNSPECIFIED");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          type missing              | {"timeout": 1, "maxJobsToActivate": 1}                              | type: is required
          type blank                | {"type": "", "timeout": 1, "maxJobsToActivate": 1}                  | type: must not be blank
          timeout missing           | {"type": "t", "maxJobsToActivate": 1}                               | timeout: is required
          timeout zero              | {"type": "t", "timeout": 0, "maxJobsToActivate": 1}                 | timeout: must be greater than 0
          timeout not a number      | {"type": "t", "timeout": "soon", "maxJobsToActivate": 1}            | timeout: must be an int64 number
          max jobs missing          | {"type": "t", "timeout": 1}                                         | maxJobsToActivate: is required
          max jobs negative         | {"type": "t", "timeout": 1, "maxJobsToActivate": -2}                | maxJobsToActivate: must be greater than 0
          max jobs not a number     | {"type": "t", "timeout": 1, "maxJobsToActivate": "many"}            | maxJobsToActivate: must be an int32 number
          fetch variable not a list | {"type": "t", "timeout": 1, "maxJobsToActivate": 1, "fetchVariable": {"a": 1}} | fetchVariable: must be an array
          bad tenant in list        | {"type": "t", "timeout": 1, "maxJobsToActivate": 1, "tenantIds": ["ok", "no way"]} | tenantIds[1]: must be '<default>' or contain only
          malformed JSON            | {"type": "t", "timeout": 1,, "maxJobsToActivate": 1}                | timeout: malformed JSON
          """)
  void activationRejectsBadInputWithTheFieldNamed(
      final String name, final String body, final String detail) throws Exception {
    final var result = performSync(json(ACTIVATION, body));

    assertProblem(result, 400, "INVALID_ARGUMENT", detail, ACTIVATION);
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void completesWithVariablesAsJsonText() throws Exception {
    fakes.jobs.complete.succeedWith(null);

    final var result =
        performAsync(
            json("/v2/jobs/2251799813685260/completion", "{\"variables\": {\"paid\": true}}"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    final var call = fakes.jobs.complete.lastCall();
    assertThat(call.jobKey()).isEqualTo(2251799813685260L);
    assertThat(call.variables().toJson()).isEqualTo("{\"paid\":true}");
  }

  @Test
  void completesWithoutBody() throws Exception {
    fakes.jobs.complete.succeedWith(null);

    final var result = performAsync(post("/v2/jobs/7/completion"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(fakes.jobs.complete.lastCall().variables()).isNull();
  }

  @Test
  void completesWithAUserTaskResultKeepingOnlyTheGivenCorrections() throws Exception {
    fakes.jobs.complete.succeedWith(null);

    final var result =
        performAsync(
            json(
                "/v2/jobs/7/completion",
                """
                {"result": {"type": "userTask", "denied": false,
                  "corrections": {"assignee": "", "priority": 80, "candidateGroups": ["ops"],
                                  "dueDate": null}}}"""));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(fakes.jobs.complete.lastCall().result())
        .isEqualTo(
            new JobCompletionResult.UserTask(
                false,
                null,
                new JobCompletionResult.Corrections("", null, null, null, List.of("ops"), 80)));
  }

  @Test
  void aResultWithoutTypeIsAUserTaskResult() throws Exception {
    fakes.jobs.complete.succeedWith(null);

    performAsync(
        json(
            "/v2/jobs/7/completion", "{\"result\": {\"denied\": true, \"deniedReason\": \"no\"}}"));

    assertThat(fakes.jobs.complete.lastCall().result())
        .isEqualTo(new JobCompletionResult.UserTask(true, "no", null));
  }

  @Test
  void completesWithAnAdHocSubProcessResult() throws Exception {
    fakes.jobs.complete.succeedWith(null);

    final var result =
        performAsync(
            json(
                "/v2/jobs/7/completion",
                """
                {"result": {"type": "adHocSubProcess",
                  "activateElements": [{"elementId": "a", "variables": {"x": 1}}, {"elementId": "b"}],
                  "isCompletionConditionFulfilled": true, "isCancelRemainingInstances": true}}"""));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(fakes.jobs.complete.lastCall().result())
        .isEqualTo(
            new JobCompletionResult.AdHocSubProcess(
                List.of(
                    new JobCompletionResult.ActivateElement("a", JsonDocument.ofJson("{\"x\":1}")),
                    new JobCompletionResult.ActivateElement("b", null)),
                true,
                true));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          unknown type            | {"result": {"type": "serviceTask"}}                             | result.type: must be one of [userTask, adHocSubProcess]
          element without id      | {"result": {"type": "adHocSubProcess", "activateElements": [{}]}} | result.activateElements[0].elementId: is required
          """)
  void rejectsABadJobResultAndSendsNothing(
      final String name, final String body, final String detail) throws Exception {
    final var result = performSync(json("/v2/jobs/7/completion", body));

    assertProblem(result, 400, "INVALID_ARGUMENT", detail, "/v2/jobs/7/completion");
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void completionOfAJobInTheWrongStateIsAConflict() throws Exception {
    fakes.jobs.complete.failWith(
        new ServiceException(
            ServiceStatus.INVALID_STATE,
            "Command 'COMPLETE' rejected with code 'INVALID_STATE': job is failed"));

    final var result = performAsync(post("/v2/jobs/7/completion"));

    assertProblem(result, 409, "INVALID_STATE", "Command 'COMPLETE'", "/v2/jobs/7/completion");
  }

  @Test
  void failsWithAllFields() throws Exception {
    fakes.jobs.fail.succeedWith(null);

    final var result =
        performAsync(
            json(
                "/v2/jobs/7/failure",
                """
                {"retries": 2, "errorMessage": "card declined", "retryBackOff": 5000,
                 "variables": {"attempt": 1}}
                """));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    final var call = fakes.jobs.fail.lastCall();
    assertThat(call.jobKey()).isEqualTo(7);
    assertThat(call.retries()).isEqualTo(2);
    assertThat(call.errorMessage()).isEqualTo("card declined");
    assertThat(call.retryBackOffMillis()).isEqualTo(5000);
    assertThat(call.variables().toJson()).isEqualTo("{\"attempt\":1}");
  }

  @Test
  void failsWithDefaultsWithoutBody() throws Exception {
    fakes.jobs.fail.succeedWith(null);

    performAsync(post("/v2/jobs/7/failure"));

    final var call = fakes.jobs.fail.lastCall();
    assertThat(call.retries()).isZero();
    assertThat(call.errorMessage()).isEmpty();
    assertThat(call.retryBackOffMillis()).isZero();
    assertThat(call.variables()).isNull();
  }

  @Test
  void throwsAnError() throws Exception {
    fakes.jobs.throwError.succeedWith(null);

    final var result =
        performAsync(
            json(
                "/v2/jobs/7/error",
                "{\"errorCode\": \"NO_FUNDS\", \"errorMessage\": \"empty\", \"variables\": {\"x\":"
                    + " 1}}"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    final var call = fakes.jobs.throwError.lastCall();
    assertThat(call.command().jobKey()).isEqualTo(7);
    assertThat(call.command().errorCode()).isEqualTo("NO_FUNDS");
    assertThat(call.command().errorMessage()).isEqualTo("empty");
    assertThat(call.command().variables().toJson()).isEqualTo("{\"x\":1}");
  }

  @Test
  void throwingAnErrorRequiresTheErrorCode() throws Exception {
    final var result = performSync(json("/v2/jobs/7/error", "{\"errorMessage\": \"empty\"}"));

    assertProblem(result, 400, "INVALID_ARGUMENT", "errorCode: is required", "/v2/jobs/7/error");
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void throwingAnErrorRequiresABody() throws Exception {
    final var result =
        performSync(post("/v2/jobs/7/error").contentType(MediaType.APPLICATION_JSON));

    assertProblem(result, 400, "INVALID_ARGUMENT", "request body: is required", "/v2/jobs/7/error");
    assertThat(fakes.calls()).isZero();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "/v2/jobs/abc/completion",
    "/v2/jobs/12x/failure",
    "/v2/jobs/-/error",
    "/v2/jobs/1.5/completion"
  })
  void rejectsNonNumericJobKeys(final String path) throws Exception {
    final var result = performSync(json(path, "{}"));

    assertProblem(result, 400, "INVALID_ARGUMENT", "jobKey: must be a numeric string", path);
    assertThat(fakes.calls()).isZero();
  }

  /** JobFailRequest says additionalProperties: false. */
  @Test
  void refusesAPropertyTheSpecDoesNotAllow() throws Exception {
    final var result =
        performSync(json("/v2/jobs/7/failure", "{\"retries\": 1, \"future\": true}"));

    assertProblem(
        result,
        400,
        "INVALID_ARGUMENT",
        "future: is not a property of this request",
        "/v2/jobs/7/failure");
    assertThat(fakes.calls()).isZero();
  }
}
