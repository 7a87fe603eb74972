package io.gatefork.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.api.ProblemDetail;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.camunda.zeebe.model.bpmn.instance.ServiceTask;
import io.camunda.zeebe.model.bpmn.instance.zeebe.ZeebeTaskDefinition;
import io.grpc.Status;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class WorkloadPartsTest {
  @Test
  void theOneTaskProcessHasOneServiceTaskOfTheBenchJobType() {
    final var process = BenchProcess.withTasks(1);
    final var tasks = process.model().getModelElementsByType(ServiceTask.class);
    assertThat(tasks).hasSize(1);
    assertThat(
            tasks.iterator().next().getSingleExtensionElement(ZeebeTaskDefinition.class).getType())
        .isEqualTo(BenchProcess.JOB_TYPE);
    assertThat(process.lastTaskId()).isEqualTo("task-1");
    assertThat(process.processId()).isEqualTo("bench-one-task");
  }

  @Test
  void theTenTaskVariantEndsWithTaskTen() {
    final var process = BenchProcess.withTasks(10);
    assertThat(process.model().getModelElementsByType(ServiceTask.class)).hasSize(10);
    assertThat(process.lastTaskId()).isEqualTo("task-10");
    assertThat((Object) process.model().getModelElementById("task-10")).isNotNull();
  }

  @Test
  void errorsAreNamedByWhatTheClientSaw() {
    final var detail = new ProblemDetail().setTitle("RESOURCE_EXHAUSTED").setStatus(503);
    assertThat(
            ErrorClassifier.classify(
                new CompletionException(new ProblemException(503, "exhausted", detail))))
        .isEqualTo("HTTP 503 RESOURCE_EXHAUSTED");
    assertThat(ErrorClassifier.classify(new ClientStatusException(Status.RESOURCE_EXHAUSTED, null)))
        .isEqualTo("gRPC RESOURCE_EXHAUSTED");
    assertThat(ErrorClassifier.classify(new RuntimeException(new TimeoutException())))
        .isEqualTo("client timeout");
    assertThat(ErrorClassifier.classify(new IllegalStateException("x")))
        .isEqualTo("IllegalStateException");
  }

  @Test
  void onlyCallsStartedInsideTheWindowCountAsErrors() {
    final var recorder = new LoadRecorder();
    recorder.openWindow(1_000, 2_000);
    recorder.createError(500, new IllegalStateException("warm-up"));
    recorder.createError(1_500, new IllegalStateException("measured"));
    recorder.createError(2_000, new IllegalStateException("after"));
    assertThat(recorder.createErrors())
        .containsExactly(java.util.Map.entry("IllegalStateException", 1L));
    assertThat(recorder.errorsTotal.sum()).isEqualTo(3);
    assertThat(recorder.inWindow(999)).isFalse();
    assertThat(recorder.inWindow(1_999)).isTrue();
  }
}
