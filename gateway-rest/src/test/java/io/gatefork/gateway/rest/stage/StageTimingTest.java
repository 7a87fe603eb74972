package io.gatefork.gateway.rest.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.operation.Operation;
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
    final long before = recordedTotals("publish-message");

    final var started =
        mvc.perform(
                post("/v2/messages/publication")
                    .contentType(MediaType.APPLICATION_JSON)
                    .content("{\"name\": \"n\"}"))
            .andReturn();
    assertThat(recordedTotals("publish-message"))
        .as("nothing recorded while the answer is pending")
        .isEqualTo(before);

    pending.complete(new MessagePublished(1, "<default>"));
    whenAnswered(started);

    assertThat(recordedTotals("publish-message")).isEqualTo(before + 1);
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
    assertThat(count("create-process-instance", "filter")).isPositive();
    assertThat(count("create-process-instance", "broker")).isZero();
  }

  @Test
  void recordsACreationThatAwaitsCompletionUnderItsOwnOperation() throws Exception {
    fakes.processInstances.createWithResult.succeedWith(
        new ProcessInstanceResult(1, "p", 1, 2, "<default>", JsonDocument.EMPTY, List.of()));
    final long withResult = recordedTotals("create-process-instance-with-result");
    final long plain = recordedTotals("create-process-instance");

    performAsync(
        post("/v2/process-instances")
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"processDefinitionId\": \"p\", \"awaitCompletion\": true}"));

    assertThat(recordedTotals("create-process-instance-with-result")).isEqualTo(withResult + 1);
    assertThat(recordedTotals("create-process-instance")).isEqualTo(plain);
    assertThat(fakes.processInstances.createWithResult.lastCall().context().operation())
        .isEqualTo(Operation.CREATE_PROCESS_INSTANCE_WITH_RESULT);
  }

  @Test
  void recordsASynchronousRequestOnce() throws Exception {
    final long before = recordedTotals("topology");

    performSync(get("/v2/topology"));

    assertThat(recordedTotals("topology")).isEqualTo(before + 1);
  }

  @Test
  void recordsARequestRejectedInTheControllerOnce() throws Exception {
    final long before = recordedTotals("complete-job");

    performSync(post("/v2/jobs/not-a-key/completion"));

    assertThat(recordedTotals("complete-job")).isEqualTo(before + 1);
  }

  @Test
  void recordsEachOperationUnderItsOwnName() throws Exception {
    fakes.jobs.complete.succeedWith(null);
    fakes.jobs.fail.succeedWith(null);
    final long completes = recordedTotals("complete-job");
    final long failures = recordedTotals("fail-job");
    final long status = recordedTotals("status");

    performAsync(post("/v2/jobs/1/completion"));
    performAsync(post("/v2/jobs/1/failure"));
    performAsync(post("/v2/jobs/2/failure"));
    performSync(get("/v2/status"));

    assertThat(recordedTotals("complete-job")).isEqualTo(completes + 1);
    assertThat(recordedTotals("fail-job")).isEqualTo(failures + 2);
    assertThat(recordedTotals("status")).isEqualTo(status + 1);
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
