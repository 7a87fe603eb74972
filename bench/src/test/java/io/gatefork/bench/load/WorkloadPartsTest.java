package io.gatefork.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.api.ProblemDetail;
import io.camunda.client.api.command.ClientStatusException;
import io.camunda.client.api.command.ProblemException;
import io.grpc.Status;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class WorkloadPartsTest {
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
    // the REST client's response timeout, and a transport failure it wraps
    assertThat(
            ErrorClassifier.classify(
                new io.camunda.client.api.command.ClientException(
                    new java.net.SocketTimeoutException("10,000 MILLISECONDS"))))
        .isEqualTo("client timeout");
    assertThat(
            ErrorClassifier.classify(
                new io.camunda.client.api.command.ClientException(
                    new RuntimeException(new java.net.SocketException("Connection reset")))))
        .isEqualTo("ClientException (SocketException)");
  }

  @Test
  void answersAreSortedIntoKinds() {
    assertThat(AnswerKind.ofError("HTTP 503 RESOURCE_EXHAUSTED")).isEqualTo(AnswerKind.EXHAUSTED);
    assertThat(AnswerKind.ofError("HTTP 503")).isEqualTo(AnswerKind.EXHAUSTED);
    assertThat(AnswerKind.ofError("gRPC RESOURCE_EXHAUSTED")).isEqualTo(AnswerKind.EXHAUSTED);
    assertThat(AnswerKind.ofError("client timeout")).isEqualTo(AnswerKind.TIMEOUT);
    assertThat(AnswerKind.ofError("gRPC DEADLINE_EXCEEDED")).isEqualTo(AnswerKind.TIMEOUT);
    assertThat(AnswerKind.ofError(LoadRecorder.UNANSWERED)).isEqualTo(AnswerKind.TIMEOUT);
    assertThat(AnswerKind.ofError("HTTP 500 INTERNAL")).isEqualTo(AnswerKind.OTHER);
    assertThat(AnswerKind.ofError("gRPC UNAVAILABLE")).isEqualTo(AnswerKind.OTHER);
    assertThat(AnswerKind.notFound("HTTP 404 NOT_FOUND")).isTrue();
    assertThat(AnswerKind.notFound("gRPC NOT_FOUND")).isTrue();
    assertThat(AnswerKind.notFound("gRPC UNAVAILABLE")).isFalse();
  }

  @Test
  void anAcknowledgedInstanceThatNeverCompletesIsMissingAndAFailedCreateIsNotAcknowledged() {
    final var recorder = new LoadRecorder();
    recorder.probe(1);
    recorder.instanceCompleted(1); // the harness's own check, not the load
    recorder.acknowledged(10);
    recorder.acknowledged(11);
    recorder.acknowledged(12);
    recorder.instanceCompleted(10);
    recorder.instanceCompleted(12);
    recorder.instanceCompleted(12); // a job completed twice (activated again) counts once
    recorder.instanceCompleted(20); // created although the client saw its create fail
    assertThat(recorder.notCompleted()).isEqualTo(1);
    assertThat(recorder.delivery()).isEqualTo(new LoadRecorder.Delivery(3, 2, 1, 1));
    recorder.instanceCompleted(11);
    assertThat(recorder.delivery()).isEqualTo(new LoadRecorder.Delivery(3, 3, 0, 1));
  }

  @Test
  void howLongTheExhaustedAnswersOfTheWindowTookIsRecorded() {
    final var recorder = new LoadRecorder();
    assertThat(recorder.exhaustedAnswerP99Ms()).isEqualTo(-1);
    recorder.openWindow(1_000, 1_000_000_000L);
    final var detail = new ProblemDetail().setTitle("RESOURCE_EXHAUSTED").setStatus(503);
    for (int i = 0; i < 100; i++) {
      recorder.createError(
          1_000, 1_000 + 2_000_000, new ProblemException(503, "exhausted", detail));
    }
    // a timeout is not an exhausted answer
    recorder.createError(1_000, 1_000 + 900_000_000L, new RuntimeException(new TimeoutException()));
    assertThat(recorder.exhaustedAnswerP99Ms())
        .isCloseTo(2.0, org.assertj.core.api.Assertions.within(0.01));
    assertThat(recorder.createErrors())
        .containsEntry("HTTP 503 RESOURCE_EXHAUSTED", 100L)
        .containsEntry("client timeout", 1L);
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
