package io.gatefork.gateway.grpc.endpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.stage.StageMetrics;
import io.grpc.stub.ClientCallStreamObserver;
import io.grpc.stub.ClientResponseObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ActivateJobsStreamingTest {
  private static final ActivateJobsRequest REQUEST =
      ActivateJobsRequest.newBuilder()
          .setType("payment")
          .setWorker("w")
          .setTimeout(30_000)
          .setMaxJobsToActivate(32)
          .build();

  private TestGateway gateway;

  @AfterEach
  void stop() throws InterruptedException {
    if (gateway != null) {
      gateway.close();
    }
  }

  @Test
  void activatedJobsArriveInOneResponseAndTheStreamCompletes() {
    gateway = new TestGateway();
    gateway.fakes.jobs.activate.succeedWith(
        LongStream.rangeClosed(1, 3).mapToObj(k -> job(k, 10)).toList());

    final List<ActivateJobsResponse> responses = new ArrayList<>();
    gateway.client().activateJobs(REQUEST).forEachRemaining(responses::add);

    assertThat(responses).hasSize(1);
    assertThat(responses.get(0).getJobsList())
        .extracting(job -> job.getKey())
        .containsExactly(1L, 2L, 3L);
  }

  @Test
  void noJobsCompletesTheStreamWithoutAResponse() {
    gateway = new TestGateway();
    gateway.fakes.jobs.activate.succeedWith(List.of());

    final List<ActivateJobsResponse> responses = new ArrayList<>();
    gateway.client().activateJobs(REQUEST).forEachRemaining(responses::add);

    assertThat(responses).isEmpty();
    assertThat(gateway.fakes.jobs.activate.count()).isOne();
  }

  @Test
  void jobsBeyondTheMaxMessageSizeAreSplitOverSeveralResponses() {
    final int maxMessageSize = 4 * 1024;
    gateway = new TestGateway(TestGateway.config().maxMessageSize(maxMessageSize).build());
    // ~1 KB of variables per job: 10 jobs cannot fit one 4 KB response
    gateway.fakes.jobs.activate.succeedWith(
        LongStream.rangeClosed(1, 10).mapToObj(k -> job(k, 1000)).toList());

    final List<ActivateJobsResponse> responses = new ArrayList<>();
    gateway.client().activateJobs(REQUEST).forEachRemaining(responses::add);

    assertThat(responses).hasSizeGreaterThan(1);
    assertThat(responses)
        .allSatisfy(r -> assertThat(r.getSerializedSize()).isLessThanOrEqualTo(maxMessageSize));
    assertThat(responses.stream().flatMap(r -> r.getJobsList().stream()).map(j -> j.getKey()))
        .containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
  }

  @Test
  void longPollAnswersWhenTheServiceFindsJobsLater() throws Exception {
    gateway = new TestGateway();
    final var pending = new CompletableFuture<List<ActivatedJob>>();
    gateway.fakes.jobs.activate.answerWith(pending);
    final var received = new CopyOnWriteArrayList<ActivateJobsResponse>();
    final var done = new CompletableFuture<Void>();

    gateway.asyncClient().activateJobs(REQUEST, collectingInto(received, done, null));
    await().until(() -> gateway.fakes.jobs.activate.count() == 1);
    assertThat(done).isNotDone();

    pending.complete(List.of(job(7, 10)));

    done.get(5, TimeUnit.SECONDS);
    assertThat(received).hasSize(1);
    assertThat(received.get(0).getJobs(0).getKey()).isEqualTo(7L);
  }

  @Test
  void clientCancellingTheLongPollCancelsTheServiceFutureAndRecordsNoStages() {
    gateway = new TestGateway();
    final var pending = new CompletableFuture<List<ActivatedJob>>();
    gateway.fakes.jobs.activate.answerWith(pending);
    final var call = new CompletableFuture<ClientCallStreamObserver<ActivateJobsRequest>>();

    gateway
        .asyncClient()
        .activateJobs(
            REQUEST, collectingInto(new CopyOnWriteArrayList<>(), new CompletableFuture<>(), call));
    await().until(() -> gateway.fakes.jobs.activate.count() == 1);
    call.join().cancel("worker shut down", null);

    await().until(pending::isCancelled);
    assertThat(
            gateway
                .registry
                .find(StageMetrics.METER)
                .tags("operation", "activate-jobs", "stage", "total")
                .timer())
        .satisfiesAnyOf(
            timer -> assertThat(timer).isNull(), timer -> assertThat(timer.count()).isZero());
  }

  private static ClientResponseObserver<ActivateJobsRequest, ActivateJobsResponse> collectingInto(
      final List<ActivateJobsResponse> received,
      final CompletableFuture<Void> done,
      final CompletableFuture<ClientCallStreamObserver<ActivateJobsRequest>> call) {
    return new ClientResponseObserver<>() {
      @Override
      public void beforeStart(final ClientCallStreamObserver<ActivateJobsRequest> requestStream) {
        if (call != null) {
          call.complete(requestStream);
        }
      }

      @Override
      public void onNext(final ActivateJobsResponse value) {
        received.add(value);
      }

      @Override
      public void onError(final Throwable t) {
        done.completeExceptionally(t);
      }

      @Override
      public void onCompleted() {
        done.complete(null);
      }
    };
  }

  private static ActivatedJob job(final long key, final int variablesSize) {
    final String variables = "{\"v\":\"" + "x".repeat(variablesSize) + "\"}";
    return new ActivatedJob(
        key,
        "payment",
        1,
        "order",
        1,
        2,
        "pay",
        3,
        JsonDocument.EMPTY,
        "w",
        3,
        4,
        JsonDocument.ofJson(variables),
        "<default>",
        "BPMN_ELEMENT",
        "UNSPECIFIED");
  }
}
