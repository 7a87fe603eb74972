package io.gatefork.service.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.testing.ActivatedJobs;
import io.gatefork.service.testing.FakeJobServices;
import io.gatefork.service.testing.FakeJobStreamClient;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A new job stream gets the jobs already waiting for it, once it is registered. */
class StreamCatchUpTest {
  private static final int CATCH_UP_JOBS = 4;

  private final FakeJobStreamClient client = new FakeJobStreamClient();
  private final FakeJobServices jobs = new FakeJobServices();
  private final ExecutorService apiExecutor =
      Executors.newSingleThreadExecutor(r -> new Thread(r, "api-executor"));
  private final BrokerJobStreamServices services =
      new BrokerJobStreamServices(client, apiExecutor, jobs, CATCH_UP_JOBS);
  private final RecordingJobStreamObserver observer = new RecordingJobStreamObserver();

  @AfterEach
  void stop() {
    apiExecutor.shutdownNow();
  }

  private static StreamJobs command() {
    return new StreamJobs("ship", "worker-1", 30_000L, List.of("a"), List.of("tenant-a"));
  }

  @Test
  void onceRegisteredTheStreamGetsTheJobsWaitingForItAsAPollThatAnswersAtOnce() {
    jobs.activate.succeedWith(List.of(ActivatedJobs.job(), ActivatedJobs.job()));
    final var context = RequestContext.create().withOperation(Operation.STREAM_ACTIVATED_JOBS);

    services.open(context, command(), observer).registered().join();

    await().atMost(Duration.ofSeconds(5)).until(() -> observer.jobs.size() == 2);
    final var activation = jobs.activate.lastCall();
    assertThat(activation.command())
        .isEqualTo(
            new ActivateJobs(
                "ship",
                "worker-1",
                30_000L,
                CATCH_UP_JOBS,
                List.of("a"),
                List.of("tenant-a"),
                Duration.ofMillis(-1)));
    assertThat(activation.context().caller()).isSameAs(context.caller());
    assertThat(activation.context().operation()).isEqualTo(Operation.ACTIVATE_JOBS);
    assertThat(jobs.activate.lastCallerThread()).isEqualTo("api-executor");
    assertThat(observer.threads).containsOnly("api-executor");
    assertThat(jobs.givenBack).isEmpty();
  }

  @Test
  void jobsTheStreamCannotTakeGoBackToTheBroker() {
    final var answer = new CompletableFuture<List<ActivatedJob>>();
    jobs.activate.answerWith(answer);
    services.open(RequestContext.create(), command(), observer).registered().join();
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.activate.count() == 1);

    observer.ready = false; // its client stopped reading meanwhile
    answer.complete(List.of(ActivatedJobs.job(), ActivatedJobs.job()));

    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.givenBack.size() == 2);
    assertThat(observer.jobs).isEmpty();
  }

  @Test
  void jobsOfAStreamClosedMeanwhileGoBackToTheBroker() {
    final var answer = new CompletableFuture<List<ActivatedJob>>();
    jobs.activate.answerWith(answer);
    final var stream = services.open(RequestContext.create(), command(), observer);
    stream.registered().join();
    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.activate.count() == 1);

    stream.close();
    answer.complete(List.of(ActivatedJobs.job()));

    await().atMost(Duration.ofSeconds(5)).until(() -> jobs.givenBack.size() == 1);
    assertThat(observer.jobs).isEmpty();
  }

  @Test
  void noCatchUpForAStreamThatCannotTakeJobsOrWasNotRegistered() throws Exception {
    final var notReading = new RecordingJobStreamObserver();
    notReading.ready = false;
    services.open(RequestContext.create(), command(), notReading).registered().join();
    client.pendingAdd = CompletableFuture.failedFuture(new IllegalStateException("closed"));
    services
        .open(RequestContext.create(), command(), observer)
        .registered()
        .exceptionally(e -> null)
        .join();

    apiExecutor.submit(() -> {}).get(); // the single API thread has run what they queued
    assertThat(jobs.activate.count()).isZero();
  }

  @Test
  void noCatchUpWhenSwitchedOff() throws Exception {
    final var stock = new BrokerJobStreamServices(client, apiExecutor, jobs, 0);

    stock.open(RequestContext.create(), command(), observer).registered().join();

    apiExecutor.submit(() -> {}).get();
    assertThat(jobs.activate.count()).isZero();
  }
}
