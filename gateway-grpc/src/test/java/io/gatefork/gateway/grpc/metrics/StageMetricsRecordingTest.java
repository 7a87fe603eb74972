package io.gatefork.gateway.grpc.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.stage.Stage;
import io.gatefork.service.stage.StageMetrics;
import io.micrometer.core.instrument.Timer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every served call records its stages once, with api=grpc and its operation name. */
class StageMetricsRecordingTest {
  private TestGateway gateway;

  @BeforeEach
  void start() {
    gateway = new TestGateway();
  }

  @AfterEach
  void stop() throws InterruptedException {
    gateway.close();
  }

  @Test
  void eachCallRecordsTotalOnce() {
    for (int i = 0; i < 3; i++) {
      gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build());
    }

    await().untilAsserted(() -> assertThat(count("complete-job", "total")).isEqualTo(3));
    // nothing else is attributed to this operation or api
    assertThat(gateway.registry.find(StageMetrics.METER).tag("api", "rest").timers()).isEmpty();
  }

  @Test
  void serviceMarksLandOnTheTimingTheTransportRecords() {
    // the fake marks dispatch/broker/queue/mapping like the real services: those stages can only
    // be recorded if the endpoint handed the transport's timing (via the gRPC Context) to it
    gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build());

    await().untilAsserted(() -> assertThat(count("complete-job", "total")).isEqualTo(1));
    for (final Stage stage : Stage.values()) {
      assertThat(count("complete-job", stage.tag())).as(stage.tag()).isEqualTo(1);
    }
  }

  @Test
  void eachOperationIsTaggedWithItsOwnName() {
    gateway.fakes.messages.publish.succeedWith(new MessagePublished(1, "<default>"));
    gateway.client().topology(TopologyRequest.getDefaultInstance());
    gateway.client().publishMessage(PublishMessageRequest.newBuilder().setName("m").build());

    await().untilAsserted(() -> assertThat(count("topology", "total")).isEqualTo(1));
    await().untilAsserted(() -> assertThat(count("publish-message", "total")).isEqualTo(1));
  }

  @Test
  void failedAndRejectedCallsAreRecordedToo() {
    gateway.fakes.jobs.complete.failWith(
        new ServiceException(ServiceStatus.NOT_FOUND, "no such job"));
    catchThrowable(
        () -> gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build()));
    catchThrowable(() -> gateway.client().completeJob(TestGateway.completionRefusedAtTheEdge()));

    await().untilAsserted(() -> assertThat(count("complete-job", "total")).isEqualTo(2));
  }

  @Test
  void streamedActivationIsRecordedOnceWhenTheStreamCloses() {
    gateway
        .client()
        .activateJobs(
            ActivateJobsRequest.newBuilder()
                .setType("t")
                .setTimeout(1000)
                .setMaxJobsToActivate(1)
                .build())
        .forEachRemaining(response -> {});

    await().untilAsserted(() -> assertThat(count("activate-jobs", "total")).isEqualTo(1));
  }

  @Test
  void aJobStreamRecordsNoStagesItHasNoRequestLatency() {
    // ended by the server (invalid input), so only the exclusion keeps it out of the metrics
    catchThrowable(
        () ->
            gateway
                .client()
                .streamActivatedJobs(
                    StreamActivatedJobsRequest.newBuilder().addTenantIds("tenant-a").build())
                .hasNext());
    gateway.client().topology(TopologyRequest.getDefaultInstance());

    // the call after it is recorded, so the stream had its chance
    await().untilAsserted(() -> assertThat(count("topology", "total")).isEqualTo(1));
    assertThat(gateway.registry.find(StageMetrics.METER).timers())
        .allSatisfy(timer -> assertThat(timer.getId().getTag("operation")).isEqualTo("topology"));
  }

  @Test
  void theNewCommandsRecordTheirStagesUnderTheirOwnNames() {
    gateway
        .client()
        .setVariables(
            SetVariablesRequest.newBuilder().setElementInstanceKey(1).setVariables("{}").build());

    await().untilAsserted(() -> assertThat(count("set-variables", "total")).isEqualTo(1));
  }

  @Test
  void totalCoversTheTimeTheServiceTook() {
    final var slow = new CompletableFuture<List<ActivatedJob>>();
    gateway.fakes.jobs.activate.answerWith(slow);
    // answer 200 ms after the service was called, so the call surely took that long
    CompletableFuture.runAsync(
        () -> {
          await().until(() -> gateway.fakes.jobs.activate.count() == 1);
          CompletableFuture.delayedExecutor(200, TimeUnit.MILLISECONDS)
              .execute(() -> slow.complete(List.of()));
        });

    gateway
        .client()
        .activateJobs(
            ActivateJobsRequest.newBuilder()
                .setType("t")
                .setTimeout(1)
                .setMaxJobsToActivate(1)
                .build())
        .forEachRemaining(response -> {});

    await().untilAsserted(() -> assertThat(count("activate-jobs", "total")).isEqualTo(1));
    assertThat(timer("activate-jobs", "total").totalTime(TimeUnit.MILLISECONDS))
        .isGreaterThanOrEqualTo(200);
  }

  private long count(final String operation, final String stage) {
    final Timer timer = timer(operation, stage);
    return timer == null ? 0 : timer.count();
  }

  private Timer timer(final String operation, final String stage) {
    return gateway
        .registry
        .find(StageMetrics.METER)
        .tags("api", "grpc", "operation", operation, "stage", stage)
        .timer();
  }
}
