package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.api.response.ProcessInstanceEvent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.gatefork.broker.dev.JournalRecord;
import io.gatefork.gateway.app.CountingJobHandler;
import io.gatefork.gateway.app.ProcessFixtures;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * Connection ages of 1 s (gRPC with a grace of 2 s; REST with keep-alive-on-error on, the lean
 * front end): clients move to new connections while every call, long polls and job streams
 * included, ends well.
 */
@TestPropertySource(
    properties = {
      "gatefork.grpc.max-connection-age=1s",
      "gatefork.grpc.max-connection-age-grace=2s",
      "gatefork.rest.max-connection-age=1s"
    })
class MaxConnectionAgeTest extends ConnectionAgeSupport {
  private static final Duration LONG_POLL = Duration.ofMillis(1500);

  /** Pacing of the creations, in batches of five, over eight ages. */
  private static final Duration BATCH_INTERVAL = Duration.ofMillis(100);

  /** Pacing of the creations for the two workers, over eight ages. */
  private static final Duration CREATE_INTERVAL = Duration.ofMillis(200);

  /** What makes the slow worker slower than its stream: its time per (large) job. */
  private static final Duration SLOW_WORKER_TIME_PER_JOB = Duration.ofMillis(150);

  /**
   * Brings a job lost in a cut stream back well within a test's wait (the client's default: 5 min).
   */
  private static final Duration CUT_JOB_TIMEOUT = Duration.ofSeconds(5);

  @Autowired private MeterRegistry registry;

  @Test
  void aGrpcClientIsServedOverNewConnectionsAndEveryRequestSucceeds() throws Exception {
    assertThat(grpcConnectionsOfRequestsFor5Seconds()).hasSizeGreaterThanOrEqualTo(2);
  }

  /**
   * Long polls back to back for 5 s, each shorter than the grace: the GOAWAYs go out while one is
   * open, and each waits its whole request timeout and answers normally.
   */
  @Test
  void longPollsOpenAtTheGoawayCompleteNormally() {
    final var recorder = new GrpcConnectionRecorder();
    try (var client = grpcClient(recorder)) {
      final long end = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      while (System.nanoTime() < end) {
        final long start = System.nanoTime();
        final var response =
            client
                .newActivateJobsCommand()
                .jobType("no-job-has-this-type")
                .maxJobsToActivate(1)
                .requestTimeout(LONG_POLL)
                .send()
                .join();
        assertThat(response.getJobs()).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - start))
            .as("a poll waits its request timeout")
            .isGreaterThanOrEqualTo(LONG_POLL.minusMillis(100));
      }
    }
    assertThat(recorder.connections()).hasSizeGreaterThanOrEqualTo(2);
  }

  /**
   * A streaming worker across several ages: its job stream is cancelled at each grace end (the
   * client opens a new one); jobs the gateway could not push go back to the broker, so every job is
   * completed, each exactly once. A job written into the stream just before a cut and never read is
   * the one loss left (docs/job-streaming.md): it comes back by its job timeout, short here so that
   * the wait covers it (a clean-clone CI run met one with the client's default, 5 min).
   */
  @Test
  void aStreamingWorkerCompletesEveryJobExactlyOnceAcrossSeveralAges() throws Exception {
    final String type = "aged-connections";
    final var recorder = new GrpcConnectionRecorder();
    final var handler = new CountingJobHandler();
    final Map<Long, AtomicInteger> handled = handler.handled();
    final List<Long> instances = new ArrayList<>();
    final double streamedBefore = streamedJobs(registry);
    try (var client = grpcClient(recorder)) {
      deployProcess(client, ProcessFixtures.taskProcess(type, type), type + ".bpmn");
      try (var worker =
          client
              .newWorker()
              .jobType(type)
              .handler(handler)
              .timeout(CUT_JOB_TIMEOUT)
              .streamEnabled(true)
              .open()) {
        final long end = System.nanoTime() + Duration.ofSeconds(8).toNanos();
        while (System.nanoTime() < end) {
          // a few at once, so that jobs are being pushed when a grace ends
          final var created = new ArrayList<CompletableFuture<Long>>();
          for (int i = 0; i < 5; i++) {
            created.add(
                client
                    .newCreateInstanceCommand()
                    .bpmnProcessId(type)
                    .latestVersion()
                    .send()
                    .toCompletableFuture()
                    .thenApply(ProcessInstanceEvent::getProcessInstanceKey));
          }
          created.forEach(future -> instances.add(future.join()));
          Thread.sleep(BATCH_INTERVAL);
        }
        final Set<Long> keys = new HashSet<>(instances);
        await("every instance completed")
            .atMost(Duration.ofSeconds(30))
            .until(() -> completedInstances(keys).size() == keys.size());
      }
    }
    final List<JournalRecord> completions = jobEvents(JobIntent.COMPLETED, type);
    assertThat(completions).hasSize(instances.size());
    assertThat(completions.stream().map(JournalRecord::key).distinct()).hasSize(instances.size());
    assertThat(handled).hasSize(instances.size());
    assertThat(handled.values()).allSatisfy(times -> assertThat(times.get()).isEqualTo(1));
    assertThat(streamedJobs(registry) - streamedBefore).as("jobs pushed on streams").isPositive();
    assertThat(recorder.connections()).hasSizeGreaterThanOrEqualTo(3);
    System.out.printf(
        "max connection age: %d instances over %d connections, %.0f jobs streamed, %d yielded,"
            + " %d timed out%n",
        instances.size(),
        recorder.connections().size(),
        streamedJobs(registry) - streamedBefore,
        jobEvents(JobIntent.YIELDED, type).size(),
        jobEvents(JobIntent.TIMED_OUT, type).size());
  }

  /**
   * A worker slower than its stream, with large jobs: at each grace end jobs are waiting in the
   * connection's flow-control window and in the gateway; still every job is completed, once.
   */
  @Test
  void aSlowStreamingWorkerCompletesEveryJobExactlyOnceAcrossSeveralAges() {
    final String type = "aged-connections-slow";
    final var recorder = new GrpcConnectionRecorder();
    final var handler = new CountingJobHandler(SLOW_WORKER_TIME_PER_JOB);
    final Map<Long, AtomicInteger> handled = handler.handled();
    final Set<Long> instances = new HashSet<>();
    try (var client = grpcClient(recorder)) {
      deployProcess(client, ProcessFixtures.taskProcess(type, type), type + ".bpmn");
      try (var worker =
          client
              .newWorker()
              .jobType(type)
              .handler(handler)
              .maxJobsActive(2)
              .timeout(Duration.ofMinutes(5))
              .streamEnabled(true)
              .open()) {
        final var blob = Map.<String, Object>of("blob", "x".repeat(100_000));
        final var created = new ArrayList<CompletableFuture<Long>>();
        for (int i = 0; i < 60; i++) {
          created.add(
              client
                  .newCreateInstanceCommand()
                  .bpmnProcessId(type)
                  .latestVersion()
                  .variables(blob)
                  .send()
                  .toCompletableFuture()
                  .thenApply(ProcessInstanceEvent::getProcessInstanceKey));
        }
        created.forEach(future -> instances.add(future.join()));
        await("every instance completed")
            .atMost(Duration.ofSeconds(60))
            .until(() -> completedInstances(instances).size() == instances.size());
      }
    }
    System.out.printf(
        "max connection age, slow worker: %d instances over %d connections, %d yielded%n",
        instances.size(), recorder.connections().size(), jobEvents(JobIntent.YIELDED, type).size());
    assertThat(handled).hasSize(instances.size());
    assertThat(handled.values()).allSatisfy(times -> assertThat(times.get()).isEqualTo(1));
    assertThat(jobEvents(JobIntent.COMPLETED, type)).hasSize(instances.size());
    assertThat(recorder.connections()).hasSizeGreaterThanOrEqualTo(3);
  }

  /**
   * What the README advises against the WARN a cut stream makes the Java client log: a worker whose
   * {@code streamTimeout} is shorter than the grace rotates its streams itself, so none is cut and
   * it logs nothing, while a worker without one, on the same channel, logs a WARN per cut.
   */
  private static final Duration ROTATION_JOB_TIMEOUT = Duration.ofSeconds(5);

  @Test
  void aStreamTimeoutShorterThanTheGraceRotatesStreamsBeforeAnyIsCut() throws Exception {
    final String rotated = "aged-rotated";
    final String cut = "aged-cut";
    final var cuts = new StreamCutWarnings();
    final var handler = new CountingJobHandler();
    final Set<Long> instances = new HashSet<>();
    try (var client = grpcClient(new GrpcConnectionRecorder())) {
      deployProcess(client, ProcessFixtures.taskProcess(rotated, rotated), rotated + ".bpmn");
      try (var rotating =
              client
                  .newWorker()
                  .jobType(rotated)
                  .handler(handler)
                  .streamEnabled(true)
                  .streamTimeout(Duration.ofSeconds(1))
                  // a job pushed as the client itself ends the stream is dropped by the client,
                  // unseen by the gateway: it waits for its job timeout (the client's default is
                  // 5 min), which this test about log lines need not wait for
                  .timeout(ROTATION_JOB_TIMEOUT)
                  .open();
          var notRotating =
              client
                  .newWorker()
                  .jobType(cut)
                  .handler(handler)
                  .streamEnabled(true)
                  .timeout(ROTATION_JOB_TIMEOUT)
                  .open()) {
        final long end = System.nanoTime() + Duration.ofSeconds(8).toNanos();
        while (System.nanoTime() < end) {
          instances.add(
              client
                  .newCreateInstanceCommand()
                  .bpmnProcessId(rotated)
                  .latestVersion()
                  .send()
                  .join()
                  .getProcessInstanceKey());
          Thread.sleep(CREATE_INTERVAL);
        }
        await("every instance completed")
            .atMost(Duration.ofSeconds(30))
            .until(() -> completedInstances(instances).size() == instances.size());
      }
    } finally {
      cuts.close();
    }
    final List<String> cutWarnings = cuts.jobTypes();
    assertThat(cutWarnings).as("the worker without a stream timeout").contains(cut);
    assertThat(cutWarnings).as("the worker rotating its streams").doesNotContain(rotated);
  }

  @Test
  void aRestConnectionEndsAfterTheAge() throws Exception {
    theFirstAnswerAfterTheAgeClosesTheConnection();
  }
}
