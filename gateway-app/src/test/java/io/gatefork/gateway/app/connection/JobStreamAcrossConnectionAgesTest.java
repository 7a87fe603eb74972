package io.gatefork.gateway.app.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.gateway.app.ProcessFixtures;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;

/**
 * A gRPC connection age of 1 s with the default grace (none: the calls running at the GOAWAY go on
 * until they end): a streaming worker whose backup poll is 30 s away gets every job at once, over
 * eight ages, because its stream is never cut while its other calls move to new connections.
 *
 * <p>With a grace (seen failing with {@code max-connection-age-grace=2s}) each cut leaves the jobs
 * created before the client's reopened stream reaches the brokers to the next poll, 30 s later.
 */
@TestPropertySource(properties = "gatefork.grpc.max-connection-age=1s")
class JobStreamAcrossConnectionAgesTest extends ConnectionAgeSupport {
  private static final Duration CREATE_INTERVAL = Duration.ofMillis(100);
  private static final Duration RUN = Duration.ofSeconds(8);
  private static final Duration BACKUP_POLL = Duration.ofSeconds(30);
  private static final Duration WORST_DELAY = Duration.ofSeconds(2);

  @Test
  void aStreamingWorkerGetsEveryJobAtOnceAcrossSeveralAges() throws Exception {
    final String type = "aged-stream-kept";
    final var cuts = new StreamCutWarnings();
    final var recorder = new GrpcConnectionRecorder();
    final Map<Long, Long> createdAt = new ConcurrentHashMap<>();
    final Map<Long, Long> handledAt = new ConcurrentHashMap<>();
    try (var client = grpcClient(recorder)) {
      deployProcess(client, ProcessFixtures.taskProcess(type, type), type + ".bpmn");
      try (var worker =
          client
              .newWorker()
              .jobType(type)
              .handler(
                  (jobs, job) -> {
                    handledAt.putIfAbsent(job.getProcessInstanceKey(), System.nanoTime());
                    jobs.newCompleteCommand(job).send().join();
                  })
              .timeout(Duration.ofMinutes(5))
              .pollInterval(BACKUP_POLL)
              .streamEnabled(true)
              .open()) {
        // the clock starts once the stream is registered: before, jobs are left to the poll
        awaitStreamAtTheBroker(type);
        final long end = System.nanoTime() + RUN.toNanos();
        while (System.nanoTime() < end) {
          final long key = ProcessFixtures.startLatest(client, type);
          createdAt.put(key, System.nanoTime());
          Thread.sleep(CREATE_INTERVAL);
        }
        await("every job handled")
            .atMost(BACKUP_POLL.plusSeconds(10))
            .until(() -> handledAt.keySet().containsAll(createdAt.keySet()));
      }
    } finally {
      cuts.close();
    }
    final long first = Collections.min(createdAt.values());
    final Map<Long, Long> delayMillis = new TreeMap<>(); // by creation, ms after the first
    createdAt.forEach(
        (key, created) ->
            delayMillis.put(
                Duration.ofNanos(created - first).toMillis(),
                Duration.ofNanos(handledAt.get(key) - created).toMillis()));
    final long worstMillis = Collections.max(delayMillis.values());
    System.out.printf(
        "job stream across ages: %d jobs over %d connections, worst delay %d ms%n",
        createdAt.size(), recorder.connections().size(), worstMillis);
    assertThat(recorder.connections()).as("the client's calls moved on").hasSizeGreaterThan(3);
    assertThat(worstMillis)
        .as(
            "the longest creation-to-handler delay, ms (jobs by creation time: %s)",
            delayMillis.entrySet().stream()
                .filter(e -> e.getValue() >= WORST_DELAY.toMillis())
                .toList())
        .isLessThan(WORST_DELAY.toMillis());
    assertThat(cuts.jobTypes()).as("the worker's stream was never cut").doesNotContain(type);
  }
}
