package io.gatefork.service.job;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.value.JobResultType;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import io.gatefork.service.testing.JobBatches;
import io.gatefork.service.testing.TestSettings;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerJobServicesTest {
  private static final long JOB_KEY = 2251799813685249L;
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerJobServices services =
      new BrokerJobServices(broker, Runnable::run, TestSettings.longPolling());

  @AfterEach
  void close() {
    services.close();
    broker.close();
  }

  @Test
  void completeSendsTheVariables() throws Exception {
    services
        .complete(RequestContext.create(), JOB_KEY, JsonDocument.ofJson("{\"done\":true}"))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(JobIntent.COMPLETE);
    assertThat(sent.request().key()).isEqualTo(JOB_KEY);
    assertThat(sent.valueAs(new JobRecord()).getVariables()).containsEntry("done", true);
  }

  @Test
  void completeWithUserTaskCorrectionsListsExactlyTheCorrectedAttributes() throws Exception {
    final var result =
        new JobCompletionResult.UserTask(
            false,
            null,
            new JobCompletionResult.Corrections(
                "", "2026-12-01T10:00:00Z", null, List.of("u1"), null, 70));

    services.complete(RequestContext.create(), JOB_KEY, null, result).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst().valueAs(new JobRecord()).getResult();
    assertThat(sent.getType()).isEqualTo(JobResultType.USER_TASK);
    assertThat(sent.isDenied()).isFalse();
    assertThat(sent.getCorrectedAttributes())
        .containsExactlyInAnyOrder("assignee", "dueDate", "candidateUsersList", "priority");
    assertThat(sent.getCorrections().getAssignee()).isEmpty();
    assertThat(sent.getCorrections().getDueDate()).isEqualTo("2026-12-01T10:00:00Z");
    assertThat(sent.getCorrections().getCandidateUsersList()).containsExactly("u1");
    assertThat(sent.getCorrections().getPriority()).isEqualTo(70);
  }

  @Test
  void completeWithADenialSendsTheReason() throws Exception {
    services
        .complete(
            RequestContext.create(),
            JOB_KEY,
            null,
            new JobCompletionResult.UserTask(true, "not yet", null))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst().valueAs(new JobRecord()).getResult();
    assertThat(sent.isDenied()).isTrue();
    assertThat(sent.getDeniedReason()).isEqualTo("not yet");
    assertThat(sent.getCorrectedAttributes()).isEmpty();
  }

  @Test
  void completeWithAnAdHocResultSendsTheElementsToActivate() throws Exception {
    services
        .complete(
            RequestContext.create(),
            JOB_KEY,
            null,
            new JobCompletionResult.AdHocSubProcess(
                List.of(
                    new JobCompletionResult.ActivateElement("a", JsonDocument.ofJson("{\"n\":1}"))),
                true,
                false))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst().valueAs(new JobRecord()).getResult();
    assertThat(sent.getType()).isEqualTo(JobResultType.AD_HOC_SUB_PROCESS);
    assertThat(sent.getActivateElements()).hasSize(1);
    assertThat(sent.getActivateElements().getFirst().getElementId()).isEqualTo("a");
    assertThat(String.valueOf(sent.getActivateElements().getFirst().getVariables().get("n")))
        .isEqualTo("1");
    assertThat(sent.isCompletionConditionFulfilled()).isTrue();
    assertThat(sent.isCancelRemainingInstances()).isFalse();
  }

  @Test
  void invalidJobResultsNeverReachTheBroker() {
    assertFails(
        services.complete(
            RequestContext.create(),
            JOB_KEY,
            null,
            new JobCompletionResult.UserTask(
                false,
                null,
                new JobCompletionResult.Corrections(null, null, null, null, null, 101))),
        ServiceStatus.INVALID_ARGUMENT,
        "result.corrections.priority: must be between 0 and 100");
    assertFails(
        services.complete(
            RequestContext.create(),
            JOB_KEY,
            null,
            new JobCompletionResult.UserTask(
                false,
                null,
                new JobCompletionResult.Corrections(null, "tomorrow", null, null, null, null))),
        ServiceStatus.INVALID_ARGUMENT,
        "result.corrections.dueDate: expected an RFC 3339");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void completeOfACompletedJobIsNotFoundWithTheStockMessage() {
    broker.respondWith(
        sent ->
            FakeBrokerClient.rejected(
                sent,
                RejectionType.NOT_FOUND,
                "Expected to complete job with key '" + JOB_KEY + "', but no such job was found"));

    assertFails(
        services.complete(RequestContext.create(), JOB_KEY, null),
        ServiceStatus.NOT_FOUND,
        "Command 'COMPLETE' rejected with code 'NOT_FOUND': Expected "
            + "to complete job with key '"
            + JOB_KEY
            + "', but no such job was found");
  }

  @Test
  void failSendsRetriesBackOffAndMessage() throws Exception {
    services
        .fail(RequestContext.create(), JOB_KEY, 2, "boom", 1_000L, null)
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(JobIntent.FAIL);
    final var record = sent.valueAs(new JobRecord());
    assertThat(record.getRetries()).isEqualTo(2);
    assertThat(record.getRetryBackoff()).isEqualTo(1_000L);
    assertThat(record.getErrorMessage()).isEqualTo("boom");
  }

  @Test
  void throwErrorSendsCodeAndMessage() throws Exception {
    services
        .throwError(
            RequestContext.create(),
            new ThrowJobError(JOB_KEY, "NO_STOCK", "sold out", JsonDocument.ofJson("{\"a\":1}")))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(JobIntent.THROW_ERROR);
    final var record = sent.valueAs(new JobRecord());
    assertThat(record.getErrorCode()).isEqualTo("NO_STOCK");
    assertThat(record.getErrorMessage()).isEqualTo("sold out");
    assertThat(record.getVariables()).containsEntry("a", 1);
  }

  @Test
  void updateRetriesSendsTheRetriesAndOperationReference() throws Exception {
    services.updateRetries(RequestContext.create(), JOB_KEY, 5, 8L).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(JobIntent.UPDATE_RETRIES);
    assertThat(sent.request().key()).isEqualTo(JOB_KEY);
    assertThat(sent.request().operationReference()).isEqualTo(8L);
    assertThat(sent.valueAs(new JobRecord()).getRetries()).isEqualTo(5);
  }

  @Test
  void updateRetriesBelowOneNeverReachesTheBroker() {
    assertFails(
        services.updateRetries(RequestContext.create(), JOB_KEY, 0, null),
        ServiceStatus.INVALID_ARGUMENT,
        "retries");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void updateTimeoutSendsTheTimeout() throws Exception {
    services
        .updateTimeout(RequestContext.create(), JOB_KEY, 60_000L, null)
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(JobIntent.UPDATE_TIMEOUT);
    assertThat(sent.request().key()).isEqualTo(JOB_KEY);
    assertThat(sent.request().operationReference()).isEqualTo(-1L);
    assertThat(sent.valueAs(new JobRecord()).getTimeout()).isEqualTo(60_000L);
  }

  @Test
  void updateTimeoutOfAnUnknownJobIsNotFound() {
    broker.respondWith(
        sent ->
            FakeBrokerClient.rejected(
                sent,
                RejectionType.NOT_FOUND,
                "Expected to update job with key '" + JOB_KEY + "', but no such job was found"));

    assertFails(
        services.updateTimeout(RequestContext.create(), JOB_KEY, 1_000L, null),
        ServiceStatus.NOT_FOUND,
        "Command 'UPDATE_TIMEOUT' rejected with code 'NOT_FOUND'");
  }

  @Test
  void activateGoesThroughLongPolling() throws Exception {
    broker.respondWith(sent -> JobBatches.withJobs(sent, 7L));

    final var jobs =
        services
            .activate(
                RequestContext.create(),
                new ActivateJobs("payment", "w", 1_000, 1, List.of(), List.of(), null))
            .get(5, TimeUnit.SECONDS);

    assertThat(jobs).extracting(ActivatedJob::key).containsExactly(7L);
  }

  @Test
  void invalidJobCommandsNeverReachTheBroker() {
    assertFails(
        services.complete(RequestContext.create(), 0L, null),
        ServiceStatus.INVALID_ARGUMENT,
        "jobKey:");
    assertFails(
        services.fail(RequestContext.create(), JOB_KEY, -1, null, 0L, null),
        ServiceStatus.INVALID_ARGUMENT,
        "retries:");
    assertFails(
        services.fail(RequestContext.create(), JOB_KEY, 1, null, -5L, null),
        ServiceStatus.INVALID_ARGUMENT,
        "retryBackOff: must not be negative");
    assertThat(broker.sent()).isEmpty();
  }
}
