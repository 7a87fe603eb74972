package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.camunda.client.api.worker.JobWorker;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.model.bpmn.builder.AbstractFlowNodeBuilder;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.gatefork.broker.dev.JournalRecord;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * REST workers with push latency ({@code gatefork.jobs.rest-activation=stream}): the official
 * client's job worker over REST, its long-polling activations served from job streams the gateway
 * holds on the embedded broker. The broker's journal shows what happened to every job.
 */
@TestPropertySource(
    properties = {"gatefork.jobs.rest-activation=stream", "gatefork.jobs.stream-idle-timeout=60s"})
class RestJobStreamingTest extends GatewayTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration JOB_TIMEOUT = Duration.ofMinutes(5);

  @Autowired private MeterRegistry registry;

  private CamundaClient restClient() {
    return CamundaClient.newClientBuilder()
        .restAddress(java.net.URI.create("http://127.0.0.1:" + restPort))
        .grpcAddress(java.net.URI.create("http://127.0.0.1:" + grpcPort))
        .preferRestOverGrpc(true)
        .defaultRequestTimeout(Duration.ofSeconds(20))
        .defaultJobPollInterval(Duration.ofMillis(100))
        .defaultJobTimeout(JOB_TIMEOUT)
        .build();
  }

  private void deploy(final CamundaClient client, final String id, final int tasks) {
    AbstractFlowNodeBuilder<?, ?> flow = Bpmn.createExecutableProcess(id).startEvent();
    for (int i = 0; i < tasks; i++) {
      flow = flow.serviceTask("task-" + i, t -> t.zeebeJobType(id));
    }
    deployProcess(client, flow.endEvent().done(), id + ".bpmn");
  }

  private JobWorker worker(
      final CamundaClient client, final String type, final Queue<Long> handled) {
    return client
        .newWorker()
        .jobType(type)
        .handler(
            (jobClient, job) -> {
              handled.add(job.getKey());
              jobClient.newCompleteCommand(job).send().join();
            })
        .open();
  }

  private List<Long> createInstances(final CamundaClient client, final String id, final int n) {
    final var keys = new ArrayList<Long>();
    for (int i = 0; i < n; i++) {
      keys.add(
          client
              .newCreateInstanceCommand()
              .bpmnProcessId(id)
              .latestVersion()
              .send()
              .join()
              .getProcessInstanceKey());
    }
    return keys;
  }

  private void awaitCompleted(final List<Long> instances) {
    final Set<Long> expected = new HashSet<>(instances);
    await("every instance completed")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(200))
        .until(() -> completedInstances(expected).size() == expected.size());
  }

  private double counter(final String name) {
    final var counter = registry.find("gatefork.jobs.rest.stream." + name).counter();
    return counter == null ? 0 : counter.count();
  }

  private double parked() {
    final var gauge = registry.find("gatefork.jobs.rest.stream.parked").gauge();
    return gauge == null ? 0 : gauge.value();
  }

  /** Job keys of the type's activations (polled batches and pushes alike), in log order. */
  private Map<Long, List<JournalRecord>> jobHistories(final String type) {
    final Map<Long, List<JournalRecord>> histories = new HashMap<>();
    for (final JournalRecord record :
        broker
            .records()
            .find(
                r ->
                    r.recordType() == RecordType.EVENT
                        && (r.valueType() == ValueType.JOB || r.valueType() == ValueType.JOB_BATCH)
                        && r.valueJson().contains("\"type\":\"" + type + "\""))) {
      if (record.valueType() == ValueType.JOB_BATCH) {
        if (record.intent() == JobBatchIntent.ACTIVATED) {
          for (final JsonNode key : read(record).path("jobKeys")) {
            histories.computeIfAbsent(key.asLong(), k -> new ArrayList<>()).add(record);
          }
        }
      } else {
        histories.computeIfAbsent(record.key(), k -> new ArrayList<>()).add(record);
      }
    }
    histories.values().forEach(h -> h.sort(Comparator.comparingLong(JournalRecord::position)));
    return histories;
  }

  private static JsonNode read(final JournalRecord record) {
    try {
      return JSON.readTree(record.valueJson());
    } catch (final Exception e) {
      throw new AssertionError(e);
    }
  }

  /** No job was activated again while an activation of it was still valid. */
  private void assertNoJobActivatedTwiceWhileValid(final String type) {
    jobHistories(type)
        .forEach(
            (key, history) -> {
              boolean activated = false;
              for (final JournalRecord record : history) {
                if (record.valueType() == ValueType.JOB_BATCH) {
                  assertThat(activated)
                      .as("job %d activated while already active: %s", key, history)
                      .isFalse();
                  activated = true;
                } else if (record.intent() == JobIntent.YIELDED
                    || record.intent() == JobIntent.TIMED_OUT
                    || record.intent() == JobIntent.FAILED
                    || record.intent() == JobIntent.COMPLETED) {
                  activated = false;
                }
              }
            });
  }

  @Test
  void aOneTaskProcessCompletesWithJobsPushedToTheRestWorker() {
    final String type = "rest-streamed-one";
    final Queue<Long> handled = new ConcurrentLinkedQueue<>();
    try (var client = restClient()) {
      deploy(client, type, 1);
      final double servedBefore = counter("activations");
      try (var worker = worker(client, type, handled)) {
        awaitStreamAtTheBroker(type);
        awaitCompleted(createInstances(client, type, 5));
      }
      assertThat(handled).hasSize(5).doesNotHaveDuplicates();
      assertThat(counter("activations") - servedBefore)
          .as("REST activations answered by pushes")
          .isPositive();
      assertNoJobActivatedTwiceWhileValid(type);
    }
  }

  @Test
  void aTenTaskProcessCompletesAndNoJobIsHandedOutTwice() {
    final String type = "rest-streamed-ten";
    final Queue<Long> handled = new ConcurrentLinkedQueue<>();
    try (var client = restClient()) {
      deploy(client, type, 10);
      try (var first = worker(client, type, handled);
          var second = worker(client, type, handled)) {
        awaitStreamAtTheBroker(type);
        awaitCompleted(createInstances(client, type, 10));
      }
      assertThat(handled).hasSize(100).doesNotHaveDuplicates();
      assertThat(jobEvents(JobIntent.COMPLETED, type)).hasSize(100);
      assertNoJobActivatedTwiceWhileValid(type);
    }
  }

  @Test
  void aJobPushedWhileNobodyWaitsIsActivatableAgainAtOnce() {
    final String type = "rest-streamed-unclaimed";
    try (var client = restClient()) {
      deploy(client, type, 1);
      // a long poll that ends empty leaves the stream open (idle timeout 60 s), nobody waiting
      assertThat(
              client
                  .newActivateJobsCommand()
                  .jobType(type)
                  .maxJobsToActivate(1)
                  .workerName("first")
                  .requestTimeout(Duration.ofMillis(300))
                  .send()
                  .join()
                  .getJobs())
          .isEmpty();
      awaitStreamAtTheBroker(type);
      final double handedBackBefore = counter("handed.back");

      final long instance = createInstances(client, type, 1).getFirst();

      final JournalRecord yielded =
          awaitRecord(
              r ->
                  r.is(RecordType.EVENT, ValueType.JOB, JobIntent.YIELDED)
                      && read(r).path("processInstanceKey").asLong() == instance);
      assertThat(counter("handed.back") - handedBackBefore).isPositive();

      final long start = System.nanoTime();
      final List<ActivatedJob> jobs =
          client
              .newActivateJobsCommand()
              .jobType(type)
              .maxJobsToActivate(1)
              .workerName("second")
              .requestTimeout(Duration.ofSeconds(5))
              .send()
              .join()
              .getJobs();
      final Duration took = Duration.ofNanos(System.nanoTime() - start);

      assertThat(jobs).extracting(ActivatedJob::getKey).containsExactly(yielded.key());
      assertThat(jobs.getFirst().getWorker()).isEqualTo("second");
      assertThat(took).as("not after the job timeout").isLessThan(Duration.ofSeconds(1));
      assertNoJobActivatedTwiceWhileValid(type);
    }
  }

  @Test
  void aClientThatDisconnectsWhileItsRequestWaitsLosesNoJob() throws Exception {
    final String type = "rest-streamed-disconnect";
    try (var client = restClient()) {
      deploy(client, type, 1);
      final double handedBackBefore = counter("handed.back");
      final double parkedBefore = parked();
      // a worker's long poll, then the worker's process goes away: its connection closes
      try (var socket = new Socket(InetAddress.getLoopbackAddress(), restPort)) {
        sendActivation(
            socket,
            "{\"type\": \""
                + type
                + "\", \"worker\": \"gone\", \"timeout\": 300000,"
                + " \"maxJobsToActivate\": 1, \"requestTimeout\": 60000}");
        await("the request waits")
            .atMost(Duration.ofSeconds(10))
            .until(() -> parked() > parkedBefore);
        awaitStreamAtTheBroker(type);
      }

      final long instance = createInstances(client, type, 1).getFirst();

      // pushed to the request of the gone client: handed back, not written into the void
      awaitRecord(
          r ->
              r.is(RecordType.EVENT, ValueType.JOB, JobIntent.YIELDED)
                  && read(r).path("processInstanceKey").asLong() == instance);
      assertThat(counter("handed.back") - handedBackBefore).isPositive();
      final Queue<Long> handled = new ConcurrentLinkedQueue<>();
      final long start = System.nanoTime();
      try (var worker = worker(client, type, handled)) {
        awaitCompleted(List.of(instance));
      }
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .as("picked up at once, not after the 5 min job timeout")
          .isLessThan(Duration.ofSeconds(10));
      assertThat(handled).hasSize(1);
      assertNoJobActivatedTwiceWhileValid(type);
    }
  }

  @Test
  void anOfficialClientThatGivesUpItsActivationLosesNoJob() {
    final String type = "rest-streamed-cancelled";
    try (var client = restClient()) {
      deploy(client, type, 1);
      final double parkedBefore = parked();
      try (var leaving = restClient()) {
        final var waiting =
            leaving
                .newActivateJobsCommand()
                .jobType(type)
                .maxJobsToActivate(1)
                .workerName("leaving")
                .requestTimeout(Duration.ofSeconds(60))
                .send();
        await("the request waits")
            .atMost(Duration.ofSeconds(10))
            .until(() -> parked() > parkedBefore);
        awaitStreamAtTheBroker(type);
        waiting.cancel(true); // the client drops the exchange and its connection
      }

      final long instance = createInstances(client, type, 1).getFirst();
      final Queue<Long> handled = new ConcurrentLinkedQueue<>();
      final long start = System.nanoTime();
      try (var worker = worker(client, type, handled)) {
        awaitCompleted(List.of(instance));
      }
      assertThat(Duration.ofNanos(System.nanoTime() - start))
          .as("picked up at once, not after the 5 min job timeout")
          .isLessThan(Duration.ofSeconds(10));
      assertThat(handled).hasSize(1);
      assertNoJobActivatedTwiceWhileValid(type);
    }
  }
}
