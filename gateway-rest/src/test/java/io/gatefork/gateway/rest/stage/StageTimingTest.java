package io.gatefork.gateway.rest.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.processinstance.ProcessInstanceCreated;
import io.gatefork.service.processinstance.ProcessInstanceResult;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.stage.Stage;
import io.gatefork.service.stage.StageMetrics;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

/** Every request that entered a controller is recorded once, when its response is done. */
class StageTimingTest extends RestTestSupport {

  @Test
  void recordsAPendingRequestOnceWhenItsAnswerIsWritten() throws Exception {
    final var pending = new CompletableFuture<MessagePublished>();
    fakes.messages.publish.answerWith(pending);
    final long before = recordedTotals(RestOperations.PUBLISH_MESSAGE);

    final var started =
        mvc.perform(
                post("/v2/messages/publication")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content("{\"name\": \"n\"}"))
            .andReturn();
    assertThat(recordedTotals(RestOperations.PUBLISH_MESSAGE))
        .as("nothing recorded while the answer is pending")
        .isEqualTo(before);

    pending.complete(new MessagePublished(1, "<default>"));
    whenAnswered(started);

    assertThat(recordedTotals(RestOperations.PUBLISH_MESSAGE)).isEqualTo(before + 1);
  }

  @Test
  void passesTheFiltersTimingToTheServiceMarkedAsEntered() throws Exception {
    fakes.processInstances.create.succeedWith(
        new ProcessInstanceCreated(1, "p", 1, 2, "<default>", List.of()));

    performAsync(
        post("/v2/process-instances")
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"processDefinitionId\": \"p\"}"));

    final RequestTiming timing = fakes.processInstances.create.lastCall().context().timing();
    assertThat(timing.nanos(Stage.FILTER)).as("accepted -> entered").isNotNegative();
    assertThat(timing.nanos(Stage.TOTAL)).as("accepted -> committed").isNotNegative();
  }

  @Test
  void recordsEveryStageMarkedAndSkipsTheOthers() throws Exception {
    fakes.processInstances.create.succeedWith(
        new ProcessInstanceCreated(1, "p", 1, 2, "<default>", List.of()));

    performAsync(
        post("/v2/process-instances")
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"processDefinitionId\": \"p\"}"));

    // the fake service marks nothing, so only filter and total have both boundaries
    assertThat(count(RestOperations.CREATE_PROCESS_INSTANCE, "filter")).isPositive();
    assertThat(count(RestOperations.CREATE_PROCESS_INSTANCE, "broker")).isZero();
  }

  @Test
  void recordsACreationThatAwaitsCompletionUnderItsOwnOperation() throws Exception {
    fakes.processInstances.createWithResult.succeedWith(
        new ProcessInstanceResult(1, "p", 1, 2, "<default>", "{}", List.of()));
    final long withResult = recordedTotals(RestOperations.CREATE_PROCESS_INSTANCE_WITH_RESULT);
    final long plain = recordedTotals(RestOperations.CREATE_PROCESS_INSTANCE);

    performAsync(
        post("/v2/process-instances")
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"processDefinitionId\": \"p\", \"awaitCompletion\": true}"));

    assertThat(recordedTotals(RestOperations.CREATE_PROCESS_INSTANCE_WITH_RESULT))
        .isEqualTo(withResult + 1);
    assertThat(recordedTotals(RestOperations.CREATE_PROCESS_INSTANCE)).isEqualTo(plain);
    assertThat(fakes.processInstances.createWithResult.lastCall().context().operation())
        .isEqualTo(RestOperations.CREATE_PROCESS_INSTANCE_WITH_RESULT);
  }

  @Test
  void recordsASynchronousRequestOnce() throws Exception {
    final long before = recordedTotals(RestOperations.TOPOLOGY);

    performSync(get("/v2/topology"));

    assertThat(recordedTotals(RestOperations.TOPOLOGY)).isEqualTo(before + 1);
  }

  @Test
  void recordsARequestRejectedInTheControllerOnce() throws Exception {
    final long before = recordedTotals(RestOperations.COMPLETE_JOB);

    performSync(post("/v2/jobs/not-a-key/completion"));

    assertThat(recordedTotals(RestOperations.COMPLETE_JOB)).isEqualTo(before + 1);
  }

  @Test
  void recordsEachOperationUnderItsOwnName() throws Exception {
    fakes.jobs.complete.succeedWith(null);
    fakes.jobs.fail.succeedWith(null);
    final long completes = recordedTotals(RestOperations.COMPLETE_JOB);
    final long failures = recordedTotals(RestOperations.FAIL_JOB);
    final long status = recordedTotals(RestOperations.STATUS);

    performAsync(post("/v2/jobs/1/completion"));
    performAsync(post("/v2/jobs/1/failure"));
    performAsync(post("/v2/jobs/2/failure"));
    performSync(get("/v2/status"));

    assertThat(recordedTotals(RestOperations.COMPLETE_JOB)).isEqualTo(completes + 1);
    assertThat(recordedTotals(RestOperations.FAIL_JOB)).isEqualTo(failures + 2);
    assertThat(recordedTotals(RestOperations.STATUS)).isEqualTo(status + 1);
  }

  @Test
  void recordsNothingForARequestThatEnteredNoController() throws Exception {
    final long before = recordedTotals();

    performSync(get("/v2/no-such-thing"));

    assertThat(recordedTotals()).isEqualTo(before);
  }

  private long count(final String operation, final String stage) {
    final var timer =
        meters
            .find(StageMetrics.METER)
            .tags("api", "rest", "operation", operation, "stage", stage)
            .timer();
    return timer == null ? 0 : timer.count();
  }
}
