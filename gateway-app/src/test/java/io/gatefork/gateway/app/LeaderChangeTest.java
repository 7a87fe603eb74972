package io.gatefork.gateway.app;

import static io.gatefork.gateway.app.ProcessFixtures.startLatest;
import static io.gatefork.gateway.app.ProcessFixtures.taskProcess;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.BrokerInfo;
import io.camunda.zeebe.model.bpmn.Bpmn;
import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.DeploymentIntent;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.gatefork.broker.dev.EmbeddedBroker;
import io.gatefork.broker.dev.JournalRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.test.annotation.DirtiesContext;

/**
 * A partition moves to a new leader while clients work: the application's embedded broker (node 0)
 * leads partitions 1..3 in term 1; a second embedded broker (node 1) joins leading partition 3 in
 * term 2. The first steps down from it, the gateway follows the higher term, and creates, job
 * pushes, polls and completions go on, over REST and gRPC.
 *
 * <p>The application's broker no longer leads partition 3 afterwards: the context is not reused.
 */
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class LeaderChangeTest extends GatewayTestSupport {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration MOVE = Duration.ofSeconds(10);
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String LOOP_PROCESS = "leader-change-loop";
  private static final String JOB_TYPE = "leader-change-after";
  private static final int INSTANCES_AFTER_MOVE = 12;
  private static final int LOOP_THREADS = 3;
  private static final Logger LOG = LoggerFactory.getLogger(LeaderChangeTest.class);

  @Test
  void aPartitionMovesToABrokerWithAHigherTermWhileClientsWork() throws Exception {
    try (var rest = client(true);
        var grpc = client(false)) {
      rest.newDeployResourceCommand()
          .addProcessModel(startToEnd(LOOP_PROCESS), LOOP_PROCESS + ".bpmn")
          .send()
          .join();
      awaitDeployedOn(broker, 3, LOOP_PROCESS);
      // without the client's own retry of UNAVAILABLE: the gateway must retry a mismatch itself
      // (a create without a key on the next partition; a command with a key on its partition,
      // which CommandDispatcherTest covers: here the old leader may never be asked after it
      // stepped down, and creates would pass without that retry)
      final var loopRest = clientBuilder(true).useDefaultRetryPolicy(false).build();
      final var loopGrpc = clientBuilder(false).useDefaultRetryPolicy(false).build();
      final var loop = new CreateLoop(List.of(loopRest, loopGrpc));
      // several creates in flight at once, so that some meet the old leader after it stepped down
      final var executor = Executors.newFixedThreadPool(LOOP_THREADS);
      final List<Future<?>> loopDone = new ArrayList<>();
      for (int i = 0; i < LOOP_THREADS; i++) {
        loopDone.add(executor.submit(loop));
      }
      try {
        await("the loop creates").atMost(WAIT).until(() -> loop.created.get() >= 20);

        try (var second =
            EmbeddedBroker.start(
                broker.config().toBuilder()
                    .nodeId(1)
                    .port(freePort())
                    .clusterSize(2)
                    .hostedPartitions(Set.of(3))
                    .term(2)
                    .initialContactPoints(List.of(broker.clusterAddress()))
                    .recordJournal(true)
                    .build())) {
          await("the gateway's topology shows node 1 leading partition 3")
              .atMost(MOVE)
              .pollInterval(Duration.ofMillis(50))
              .until(() -> leads(rest, 1, 3) && !leads(rest, 0, 3));
          assertThat(brokerClient.topology().partition(3).leaderTerm()).isEqualTo(2);
          assertThat(brokerClient.topology().partition(3).leaderNodeId()).isEqualTo(1);
          assertThat(leads(grpc, 1, 3)).isTrue();

          // the new leader starts empty: the loop's process reaches it again from partition 1
          rest.newDeployResourceCommand()
              .addProcessModel(startToEnd(LOOP_PROCESS), LOOP_PROCESS + ".bpmn")
              .send()
              .join();
          awaitDeployedOn(second, 3, LOOP_PROCESS);
          final int createdAtMove = loop.created.get();
          await("the loop creates after the move")
              .atMost(WAIT)
              .until(() -> loop.created.get() >= createdAtMove + 30);
          loop.stop.set(true);
          for (final Future<?> done : loopDone) {
            done.get();
          }
          LOG.info(
              "Creates during the move: {} created, {} refused by the empty new leader, {} answered"
                  + " PARTITION_LEADER_MISMATCH by the old one and retried",
              loop.created.get(),
              loop.failures.size(),
              mismatchesOnPartition3());

          assertThat(loop.failures)
              .as("creates during the move: leader mismatches are retried, nothing times out")
              .allSatisfy(LeaderChangeTest::isNotFoundOnTheEmptyNewLeader);
          assertThat(loop.failures.size())
              .as("creates refused while the new leader had not got the deployment yet")
              .isLessThan(loop.created.get() / 4);

          afterTheMove(rest, grpc, second);
        }
      } finally {
        loop.stop.set(true);
        executor.shutdownNow();
        loopRest.close();
        loopGrpc.close();
      }
    }
  }

  /** A deployment, creates, and both kinds of job workers, with partition 3 on the new leader. */
  private void afterTheMove(
      final CamundaClient rest, final CamundaClient grpc, final EmbeddedBroker second)
      throws InterruptedException {
    final var deployment =
        rest.newDeployResourceCommand()
            .addProcessModel(taskProcess("leader-change-task", JOB_TYPE), "task.bpmn")
            .send()
            .join();
    awaitDeployedOn(second, 3, "leader-change-task");
    awaitDeployedOn(broker, 2, "leader-change-task");
    final var instances = new ArrayList<Long>();
    for (int i = 0; i < INSTANCES_AFTER_MOVE; i++) {
      instances.add(startLatest(i % 2 == 0 ? rest : grpc, "leader-change-task"));
    }
    final List<Long> onThree =
        instances.stream().filter(key -> Protocol.decodePartitionId(key) == 3).toList();
    assertThat(onThree).as("round robin reaches partition 3").isNotEmpty();
    for (final long key : onThree) {
      assertThat(second.records().find(r -> r.partitionId() == 3 && r.key() == key))
          .as("instance %d on the new leader's partition 3", key)
          .isNotEmpty();
    }
    assertThat(deployment.getKey()).isPositive();

    // one handler for both workers: a job handed to either counts
    final var handler = new CountingJobHandler();
    final Map<Long, AtomicInteger> handled = handler.handled();
    try (var streaming =
            grpc.newWorker().jobType(JOB_TYPE).handler(handler).streamEnabled(true).open();
        var polling = rest.newWorker().jobType(JOB_TYPE).handler(handler).open()) {
      await("every job is completed")
          .atMost(WAIT)
          .until(() -> jobEvents(second, JobIntent.COMPLETED).size() == INSTANCES_AFTER_MOVE);
    }

    final List<Long> completed =
        jobEvents(second, JobIntent.COMPLETED).stream().map(JournalRecord::key).toList();
    assertThat(completed).doesNotHaveDuplicates().hasSize(INSTANCES_AFTER_MOVE);
    assertThat(completed).anyMatch(key -> Protocol.decodePartitionId(key) == 3);
    assertThat(handled).hasSize(INSTANCES_AFTER_MOVE);
    assertThat(handled.values()).allSatisfy(times -> assertThat(times.get()).isEqualTo(1));
    final Map<Long, Integer> activations = activations(second);
    assertThat(activations.keySet()).containsExactlyInAnyOrderElementsOf(completed);
    assertThat(activations.values()).allSatisfy(times -> assertThat(times).isEqualTo(1));
  }

  /** Requests to partition 3 the gateway got PARTITION_LEADER_MISMATCH for (its own metric). */
  private long mismatchesOnPartition3() {
    return prometheusScrape()
        .lines()
        .filter(
            line ->
                line.startsWith("zeebe_gateway_failed_requests_total")
                    && line.contains("error=\"PARTITION_LEADER_MISMATCH\"")
                    && line.contains("partition=\"3\""))
        .mapToLong(line -> (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
        .sum();
  }

  private static boolean leads(
      final CamundaClient client, final int nodeId, final int partitionId) {
    return client.newTopologyRequest().send().join().getBrokers().stream()
        .filter(b -> b.getNodeId() == nodeId)
        .map(BrokerInfo::getPartitions)
        .flatMap(List::stream)
        .anyMatch(p -> p.getPartitionId() == partitionId && p.isLeader());
  }

  private static boolean isNotFoundOnTheEmptyNewLeader(final Throwable failure) {
    // REST and gRPC both carry the engine's rejection reason
    return String.valueOf(failure.getMessage()).contains("Expected to find process definition");
  }

  private static void awaitDeployedOn(
      final EmbeddedBroker target, final int partitionId, final String processId) {
    assertThat(
            target
                .records()
                .awaitRecord(
                    r ->
                        r.partitionId() == partitionId
                            && r.is(
                                RecordType.EVENT, ValueType.DEPLOYMENT, DeploymentIntent.CREATED)
                            && r.valueJson().contains("\"" + processId + "\""),
                    WAIT))
        .as("the deployment of %s on partition %d", processId, partitionId)
        .isPresent();
  }

  /** Job events of the type on both brokers (partitions 1, 2 on the first, 3 on the second). */
  private List<JournalRecord> jobEvents(final EmbeddedBroker second, final JobIntent intent) {
    return journals(second)
        .filter(
            r ->
                r.is(RecordType.EVENT, ValueType.JOB, intent)
                    && r.valueJson().contains("\"type\":\"" + JOB_TYPE + "\""))
        .toList();
  }

  /** How often each job of the type was activated (pushed or polled). */
  private Map<Long, Integer> activations(final EmbeddedBroker second) {
    final Map<Long, Integer> activations = new ConcurrentHashMap<>();
    journals(second)
        .filter(
            r ->
                r.is(RecordType.EVENT, ValueType.JOB_BATCH, JobBatchIntent.ACTIVATED)
                    && r.valueJson().contains("\"type\":\"" + JOB_TYPE + "\""))
        .forEach(
            r -> {
              for (final JsonNode key : read(r).path("jobKeys")) {
                activations.merge(key.asLong(), 1, Integer::sum);
              }
            });
    return activations;
  }

  /** The first broker's records of partitions 1 and 2, and the second's. */
  private Stream<JournalRecord> journals(final EmbeddedBroker second) {
    return Stream.concat(
        broker.records().stream().filter(r -> r.partitionId() != 3), second.records().stream());
  }

  private static JsonNode read(final JournalRecord record) {
    try {
      return JSON.readTree(record.valueJson());
    } catch (final Exception e) {
      throw new AssertionError(e);
    }
  }

  private static io.camunda.zeebe.model.bpmn.BpmnModelInstance startToEnd(final String id) {
    return Bpmn.createExecutableProcess(id).startEvent().endEvent().done();
  }

  /** Creates instances of the loop process in turn over the clients, bounded in count and time. */
  private static final class CreateLoop implements Runnable {
    private static final int MAX_CREATES = 5_000;
    private static final Duration MAX_TIME = Duration.ofSeconds(90);

    final AtomicBoolean stop = new AtomicBoolean();
    final AtomicInteger created = new AtomicInteger();
    final List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    private final List<CamundaClient> clients;

    CreateLoop(final List<CamundaClient> clients) {
      this.clients = clients;
    }

    private final AtomicInteger attempts = new AtomicInteger();

    /** Runs on each loop thread; the count and time bounds are shared. */
    @Override
    public void run() {
      final long deadline = System.nanoTime() + MAX_TIME.toNanos();
      int attempt;
      while (!stop.get()
          && System.nanoTime() < deadline
          && (attempt = attempts.getAndIncrement()) < MAX_CREATES) {
        try {
          startLatest(clients.get(attempt % clients.size()), LOOP_PROCESS);
          created.incrementAndGet();
        } catch (final RuntimeException e) {
          failures.add(e);
        }
      }
    }
  }
}
