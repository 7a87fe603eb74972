package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.worker.JobWorker;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.gatefork.broker.dev.JournalRecord;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Job push end to end: the official client's streaming job worker over gRPC, the gateway's job
 * streams, and the embedded broker pushing jobs as it creates them.
 */
class JobStreamingTest extends GatewayTestSupport {
  /** What makes the slow consumer slow: its handler takes this long per job. */
  private static final Duration SLOW_CONSUMER_TIME_PER_JOB = Duration.ofMillis(25);

  @Autowired private MeterRegistry registry;

  private CamundaClient grpcClient() {
    return clientBuilder(false).numJobWorkerExecutionThreads(4).build();
  }

  private void deploy(final CamundaClient client, final String id, final String jobType) {
    distributed(
        client
            .newDeployResourceCommand()
            .addProcessModel(ProcessFixtures.taskProcess(id, jobType), id + ".bpmn")
            .send()
            .join());
  }

  private static List<Long> createInstances(
      final CamundaClient client,
      final String processId,
      final int count,
      final Map<String, Object> variables) {
    final List<Long> keys = new ArrayList<>(count);
    for (int batch = 0; batch < count; batch += 100) {
      final var futures = new ArrayList<CompletableFuture<Long>>();
      for (int i = batch; i < Math.min(count, batch + 100); i++) {
        futures.add(
            client
                .newCreateInstanceCommand()
                .bpmnProcessId(processId)
                .latestVersion()
                .variables(variables)
                .send()
                .toCompletableFuture()
                .thenApply(created -> created.getProcessInstanceKey()));
      }
      futures.forEach(f -> keys.add(f.join()));
    }
    return keys;
  }

  @Test
  void aStreamingWorkerCompletesAThousandJobsAndEveryInstanceCompletes() {
    final String type = "streamed-thousand";
    final int count = 1_000;
    final Queue<Long> handled = new ConcurrentLinkedQueue<>();
    try (var client = grpcClient()) {
      deploy(client, type, type);
      final double streamedBefore = streamedJobs(registry);
      try (JobWorker worker =
          client
              .newWorker()
              .jobType(type)
              .handler(
                  (jobClient, job) -> {
                    handled.add(job.getKey());
                    jobClient.newCompleteCommand(job).send().join();
                  })
              .streamEnabled(true)
              .timeout(Duration.ofMinutes(5))
              .open()) {
        awaitStreamAtTheBroker(type);

        final Set<Long> instances = new HashSet<>(createInstances(client, type, count, Map.of()));

        await("every instance completed")
            .atMost(Duration.ofMinutes(2))
            .pollInterval(Duration.ofMillis(500))
            .until(() -> completedInstances(instances).size() == count);
      }
      await("closing the worker removed its stream")
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  brokerClient.jobStreams().streams().join().stream()
                      .noneMatch(s -> s.jobType().equals(type)));
      assertThat(handled).hasSize(count).doesNotHaveDuplicates();
      // every job was pushed through the stream, or yielded back and then polled
      final int yielded = jobEvents(JobIntent.YIELDED, type).size();
      final double streamed = streamedJobs(registry) - streamedBefore;
      assertThat(streamed + yielded).isEqualTo(count);
      assertThat(streamed).as("jobs pushed through the stream").isGreaterThanOrEqualTo(900);
    }
  }

  @Test
  void aSlowConsumerGetsJobsYieldedBackAndCompletesEachExactlyOnce() {
    final String type = "streamed-slowly";
    final int count = 40;
    // 100 KB per job: a client that stops reading fills its flow-control window after ~10 jobs
    final Map<String, Object> variables = Map.of("blob", "x".repeat(100_000));
    final Queue<Long> handled = new ConcurrentLinkedQueue<>();
    try (var client = grpcClient()) {
      deploy(client, type, type);
      try (JobWorker worker =
          client
              .newWorker()
              .jobType(type)
              .handler(
                  (jobClient, job) -> {
                    handled.add(job.getKey());
                    Thread.sleep(SLOW_CONSUMER_TIME_PER_JOB);
                    jobClient.newCompleteCommand(job).send().join();
                  })
              .streamEnabled(true)
              .maxJobsActive(2)
              .timeout(Duration.ofMinutes(5))
              .open()) {
        awaitStreamAtTheBroker(type);

        final Set<Long> instances = new HashSet<>(createInstances(client, type, count, variables));

        await("every instance completed")
            .atMost(Duration.ofMinutes(2))
            .pollInterval(Duration.ofMillis(500))
            .until(() -> completedInstances(instances).size() == count);
      }
    }

    assertThat(jobEvents(JobIntent.YIELDED, type))
        .as("jobs the blocked client could not take went back to the broker")
        .isNotEmpty();
    // none lost (every instance completed), none handed out twice
    assertThat(handled).hasSize(count).doesNotHaveDuplicates();
    final var completedJobs =
        jobEvents(JobIntent.COMPLETED, type).stream().map(JournalRecord::key).toList();
    assertThat(completedJobs)
        .hasSize(count)
        .doesNotHaveDuplicates()
        .containsExactlyInAnyOrderElementsOf(handled);
  }
}
