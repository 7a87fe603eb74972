package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.BrokerInfo;
import io.camunda.client.api.response.PartitionInfo;
import io.camunda.client.api.response.Topology;
import io.gatefork.qa.support.ApiStatus;
import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ClusterJournals;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import io.gatefork.qa.support.GatewayService;
import io.gatefork.qa.support.Processes;
import io.gatefork.qa.support.Workload;
import io.gatefork.qa.support.Workload.Create;
import io.gatefork.qa.support.Workload.FailedCompletion;
import io.gatefork.qa.support.Workload.JobDelays;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.lifecycle.Startables;

/**
 * Several gateways in front of several brokers, as in production: three broker nodes, each leading
 * one partition, two gatefork gateways (2-CPU containers) behind a Service ({@link
 * GatewayService}), the official client over REST and gRPC creating instances at a steady rate, a
 * streaming and a polling worker completing their jobs ({@link Workload}). The tests run in order
 * on the same cluster, each an event a gateway must survive; after each, what the brokers' journals
 * say they did is held against what the clients were told: no creation a broker acknowledged was
 * reported as failed, no job was activated twice.
 *
 * <p>The gateways end client connections after {@link #MAX_AGE} (shortened from the default so the
 * suite sees several): that is what lets a gateway started later get its share.
 */
@ContainerTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(OrderAnnotation.class)
class ScaleOutTest {
  private static final Logger LOG = LoggerFactory.getLogger(ScaleOutTest.class);
  static final Duration MAX_AGE = Duration.ofSeconds(5);

  /** None, the default: a job stream is never cut at its connection's age. */
  private static final Duration GRACE = Duration.ZERO;

  private static final String PROCESS = "scale";
  private static final int RATE_PER_API = 10;

  /** Bound on anything that should be quick: detection, routing, reconnecting. */
  private static final Duration SOON = Duration.ofSeconds(45);

  private static final Duration FAST = Duration.ofSeconds(5);

  /**
   * Below what a job would wait for if the stopping gateway kept it: the workers' request timeout
   * (10 s, a parked poll not answered) and job timeout (10 min, a job activated into the void).
   */
  private static final Duration NO_TIMEOUT = Duration.ofSeconds(10);

  /** A key's partition: the upper bits of every Zeebe key. */
  private static final int KEY_BITS = 51;

  private final ClusterJournals journals = new ClusterJournals();
  private final BrokerContainer[] brokers = new BrokerContainer[3];
  private BrokerContainer successor;
  private GatewayContainer first;
  private GatewayContainer second;
  private GatewayService service;
  private Workload workload;
  private CamundaClient control;
  private int versions;

  @BeforeAll
  void startClusterAndLoad() throws Exception {
    for (int node = 0; node < 3; node++) {
      brokers[node] =
          new BrokerContainer("scale-broker-" + node)
              .asNode(
                  node,
                  3,
                  List.of(node + 1),
                  node == 0 ? List.of() : List.of("127.0.0.1:" + brokers[0].port()))
              .withJournalIn(journals.dir());
    }
    brokers[0].start();
    Startables.deepStart(brokers[1], brokers[2]).join();
    first = gateway("scale-gateway-1");
    first.start();
    service = new GatewayService().add(first);
    control = service.client(false);
    await().atMost(SOON).until(() -> leaders(control).size() == 3);
    deployNewVersion();
    // the deployment reaches partitions 2 and 3 through partition 1: wait until each creates
    await()
        .atMost(SOON)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> createdOnPartitions(control).size() == 3);
    workload = new Workload(service, PROCESS).start(RATE_PER_API);
    await().atMost(SOON).until(() -> workload.creates().stream().filter(Create::ok).count() >= 50);
  }

  @AfterAll
  void stopEverything() throws Exception {
    if (workload != null) {
      workload.close();
    }
    if (control != null) {
      control.close();
    }
    if (service != null) {
      service.close();
    }
    for (final var container : List.of(first, second)) {
      if (container != null) {
        container.stop();
      }
    }
    for (final var broker : brokers) {
      if (broker != null) {
        broker.stop();
      }
    }
    if (successor != null) {
      successor.stop();
    }
  }

  @Test
  @Order(1)
  void aGatewayStartedWhileClientsAreConnectedGetsItsShareWithinTwoMaxAges() throws Exception {
    second = gateway("scale-gateway-2");
    second.start();
    service.add(second);
    final double firstBefore = GatewayService.requestsServedBy(first);
    final double secondBefore = GatewayService.requestsServedBy(second);
    Thread.sleep(MAX_AGE.toMillis());
    final double secondShareAfterOne =
        share(
            GatewayService.requestsServedBy(first) - firstBefore,
            GatewayService.requestsServedBy(second) - secondBefore);
    Thread.sleep(MAX_AGE.toMillis());
    final double secondShare =
        share(
            GatewayService.requestsServedBy(first) - firstBefore,
            GatewayService.requestsServedBy(second) - secondBefore);
    LOG.info(
        "FIGURE new gateway's share of requests: {} % in the first max age ({}), {} % over two",
        Math.round(secondShareAfterOne * 100), MAX_AGE, Math.round(secondShare * 100));
    // seen 27-58 % over two ages (2026-11-27 runs); with the max age off it gets none
    assertThat(secondShare).as("the new gateway's share of requests").isGreaterThanOrEqualTo(0.20);
    assertAcknowledgedNeverFailedAndNoJobActivatedTwice();
  }

  @Test
  @Order(2)
  void aStoppedBrokerFailsItsPartitionFastAndIsServedAgainWhenBack() throws Exception {
    final long onStoppedPartition = acknowledgedInstanceOnPartition(2);
    final BrokerContainer broker = brokers[1];
    broker.stopBroker();
    final long stopped = System.nanoTime();
    // each gateway learns of the stop on its own (membership): the requests below may reach either
    try (CamundaClient viaFirst = first.client(false);
        CamundaClient viaSecond = second.client(false)) {
      await()
          .atMost(SOON)
          .pollInterval(Duration.ofMillis(100))
          .until(() -> !leaders(viaFirst).containsKey(2) && !leaders(viaSecond).containsKey(2));
    }
    final long detected = System.nanoTime();
    LOG.info("FIGURE broker stop to its partition gone from the topology: {} ms", millis(stopped));

    // requests for its partition fail fast with UNAVAILABLE over both APIs
    try (CamundaClient rest = service.client(true)) {
      for (final CamundaClient client : List.of(rest, control)) {
        final long start = System.nanoTime();
        final Throwable failure =
            client
                .newCancelInstanceCommand(onStoppedPartition)
                .send()
                .toCompletableFuture()
                .handle((ok, error) -> error)
                .join();
        assertThat(failure).as("cancel on the stopped broker's partition").isNotNull();
        assertThat(ApiStatus.of(failure)).isEqualTo("UNAVAILABLE");
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(FAST);
      }
    }
    // creations without a key go to the partitions that are up
    Thread.sleep(3_000);
    final List<Create> whileDown =
        workload.createsStartedBetween(detected + 1_000_000_000L, System.nanoTime());
    assertThat(whileDown).isNotEmpty();
    assertThat(whileDown).as("creations while partition 2 was down").allMatch(Create::ok);
    assertThat(whileDown).noneMatch(c -> partitionOf(c.instanceKey()) == 2);

    // back with the same address and no state: served again without a gateway restart
    broker.startBrokerAgain();
    final long back = System.nanoTime();
    await().atMost(SOON).until(() -> leaders(control).containsKey(2));
    deployNewVersion();
    await()
        .atMost(SOON)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () ->
                workload.createsStartedBetween(back, System.nanoTime()).stream()
                    .anyMatch(c -> c.ok() && partitionOf(c.instanceKey()) == 2));
    LOG.info("FIGURE broker back to creations on its partition: {} ms", millis(back));
    assertAcknowledgedNeverFailedAndNoJobActivatedTwice();
  }

  @Test
  @Order(3)
  void aPartitionsNewLeaderIsServedAsSoonAsItsBrokerInfoArrives() throws Exception {
    // node 3 takes partition 3 over from node 2 in a higher term; node 2 steps down
    successor =
        new BrokerContainer("scale-broker-3")
            .asNode(3, 3, List.of(3), List.of("127.0.0.1:" + brokers[0].port()))
            .withTerm(2)
            .withJournalIn(journals.dir());
    successor.start();
    final long published = System.nanoTime();
    for (final GatewayContainer gateway : List.of(first, second)) {
      try (CamundaClient client = gateway.client(false)) {
        await()
            .atMost(SOON)
            .pollInterval(Duration.ofMillis(100))
            .until(() -> Integer.valueOf(3).equals(leaders(client).get(3)));
      }
    }
    LOG.info(
        "FIGURE new leader's BrokerInfo to both gateways routing to it: {} ms", millis(published));
    // no replication in the test cluster: the new leader starts empty and needs the process again
    deployNewVersion();
    await()
        .atMost(SOON)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> onNode("broker-3", "PROCESS_INSTANCE_CREATION", "CREATED") > 0);
    LOG.info("FIGURE new leader's BrokerInfo to creations on it: {} ms", millis(published));
    // the gateways registered the job streams with the new leader, and polling finds jobs there
    await()
        .atMost(SOON)
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                activationsOnNodeBy("broker-3", "qa-streaming") > 0
                    && activationsOnNodeBy("broker-3", "qa-polling") > 0);
    assertAcknowledgedNeverFailedAndNoJobActivatedTwice();
  }

  @Test
  @Order(4)
  void aGatewayStoppedUnderLoadHandsItsClientsToTheOtherAndServesAgainWhenBack() throws Exception {
    // A broker learns the gateways by gossip, over seconds after it joined (the successor of the
    // test before): until then it refuses their job streams and sends them no job notification,
    // so its jobs wait for the polls' next probe (10-20 s) whatever a gateway does
    // (docs/job-streaming.md). Here
    // the gateway's stop is measured, so every broker knows both gateways first.
    final long converging = System.nanoTime();
    await()
        .atMost(SOON)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> everyBrokerKnows(first) && everyBrokerKnows(second));
    LOG.info("FIGURE waited for every broker to know both gateways: {} ms", millis(converging));
    first.sendSigterm();
    final long signalled = System.nanoTime();
    // clients reconnect through the Service to the other gateway
    await()
        .atMost(SOON)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> createdByBothApisSince(signalled));
    LOG.info("FIGURE SIGTERM to clients served by the other gateway: {} ms", millis(signalled));
    await().atMost(Duration.ofSeconds(60)).until(() -> !first.isRunning());
    final long gone = System.nanoTime();
    Thread.sleep(MAX_AGE.toMillis());
    final long settled = System.nanoTime();
    final List<Create> afterStop = workload.createsStartedBetween(gone, settled);
    assertThat(afterStop)
        .as("creations once the gateway was gone")
        .isNotEmpty()
        .allMatch(Create::ok);
    // the streaming worker reopened its stream on the other gateway: no job is left behind
    final Set<String> created = afterStop.stream().map(Create::rid).collect(Collectors.toSet());
    await()
        .atMost(SOON)
        .pollInterval(Duration.ofMillis(500))
        .until(() -> journals.ridsWithCompletedJobs(2).containsAll(created));
    // a rolling update's step: every job of the instances created around it reaches a live worker
    // without waiting for a timeout (the stopping gateway ends its streams and answers its parked
    // polls). Issue #47 asks for 2 s: bench/cost/rolling_restart_bench.py measures it, per mode
    // (docs/job-streaming.md says what makes up the wait)
    final List<Create> around = workload.createsStartedBetween(signalled, settled);
    await()
        .atMost(SOON)
        .pollInterval(Duration.ofMillis(200))
        .alias("every job of the instances created around the SIGTERM handled")
        .until(() -> workload.jobDelays(around).notHandled() == 0);
    final JobDelays delays = workload.jobDelays(around);
    LOG.info(
        "FIGURE longest wait for a worker around the SIGTERM: streamed job {} ms ({}, created {} ms"
            + " after the SIGTERM), polled job {} ms",
        delays.streamedMaxMillis(),
        delays.slowestStreamed().rid(),
        TimeUnit.NANOSECONDS.toMillis(delays.slowestStreamed().endedNanos() - signalled),
        delays.polledMaxMillis());
    LOG.info(
        "FIGURE job waits around the SIGTERM, ms: streamed {}; polled {}; never handled {}",
        delays.streamed(),
        delays.polled(),
        delays.notHandled());
    assertThat(delays.streamedMaxMillis())
        .as("longest wait of a streamed job, ms")
        .isLessThan(NO_TIMEOUT.toMillis());
    assertThat(delays.polledMaxMillis())
        .as("longest wait of a polled job, ms")
        .isLessThan(NO_TIMEOUT.toMillis());

    first.startAgain();
    final long ready = System.nanoTime();
    try (CamundaClient client = first.client(false)) {
      await()
          .atMost(SOON)
          .pollInterval(Duration.ofMillis(100))
          .until(() -> leaders(client).size() == 3);
    }
    LOG.info(
        "FIGURE restarted gateway ready to every partition's leader known: {} ms", millis(ready));
    final double before = GatewayService.requestsServedBy(first);
    await()
        .atMost(MAX_AGE.multipliedBy(4))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> GatewayService.requestsServedBy(first) > before);
    LOG.info("the restarted gateway serves again");
    // every broker is up: a gateway that says it is ready routes to every partition
    Thread.sleep(MAX_AGE.toMillis());
    assertThat(workload.createsStartedBetween(ready, System.nanoTime()))
        .as("creations once the restarted gateway was ready")
        .allMatch(Create::ok);
    assertThat(workload.failedCompletions())
        .as("completions failed once the restarted gateway was ready")
        .noneMatch(failure -> failure.atNanos() >= ready);
    assertAcknowledgedNeverFailedAndNoJobActivatedTwice();
  }

  private GatewayContainer gateway(final String name) {
    return new GatewayContainer(name)
        .joining(brokers[0].contactPoint())
        .withMaxConnectionAge(MAX_AGE, GRACE);
  }

  private void deployNewVersion() {
    versions++;
    control
        .newDeployResourceCommand()
        .addProcessModel(
            Processes.streamedThenPolled(PROCESS, "version " + versions), PROCESS + ".bpmn")
        .send()
        .join();
  }

  /** Instances created now, until every partition has one: which partitions serve creations. */
  private static Set<Integer> createdOnPartitions(final CamundaClient client) {
    final Set<Integer> partitions = new HashSet<>();
    for (int i = 0; i < 6; i++) {
      client
          .newCreateInstanceCommand()
          .bpmnProcessId(PROCESS)
          .latestVersion()
          .send()
          .toCompletableFuture()
          .handle((ok, error) -> ok)
          .thenAccept(
              instance -> {
                if (instance != null) {
                  partitions.add(partitionOf(instance.getProcessInstanceKey()));
                }
              })
          .join();
    }
    return partitions;
  }

  /** Partition id to the node leading it, as the gateway behind {@code client} sees it. */
  private boolean everyBrokerKnows(final GatewayContainer gateway) {
    final List<BrokerContainer> running = new ArrayList<>(List.of(brokers));
    running.add(successor);
    return running.stream()
        .filter(broker -> broker != null && broker.isRunning())
        .allMatch(broker -> broker.knowsMember(gateway.memberId()));
  }

  private static Map<Integer, Integer> leaders(final CamundaClient client) {
    final Topology topology = client.newTopologyRequest().send().join();
    final Map<Integer, Integer> leaders = new TreeMap<>();
    for (final BrokerInfo broker : topology.getBrokers()) {
      for (final PartitionInfo partition : broker.getPartitions()) {
        if (partition.isLeader()) {
          leaders.put(partition.getPartitionId(), broker.getNodeId());
        }
      }
    }
    return leaders;
  }

  private long acknowledgedInstanceOnPartition(final int partition) {
    final Optional<Create> create =
        workload.creates().stream()
            .filter(c -> c.ok() && partitionOf(c.instanceKey()) == partition)
            .findAny();
    assertThat(create).as("an acknowledged instance on partition " + partition).isPresent();
    return create.get().instanceKey();
  }

  private boolean createdByBothApisSince(final long since) {
    final List<Create> ok =
        workload.createsStartedBetween(since, System.nanoTime()).stream()
            .filter(Create::ok)
            .toList();
    return ok.stream().anyMatch(c -> c.api().equals("rest"))
        && ok.stream().anyMatch(c -> c.api().equals("grpc"))
        && !first.isRunning();
  }

  private long onNode(final String node, final String valueType, final String intent) {
    return journals.entries().stream()
        .filter(e -> e.node().startsWith(node) && e.isEvent(valueType, intent))
        .count();
  }

  private long activationsOnNodeBy(final String node, final String worker) {
    return journals.entries().stream()
        .filter(
            e ->
                e.node().startsWith(node)
                    && e.isEvent("JOB_BATCH", "ACTIVATED")
                    && worker.equals(e.value().path("worker").asText())
                    && !e.value().path("jobKeys").isEmpty())
        .count();
  }

  /**
   * What the clients were told against what the brokers did: no creation the client saw fail was
   * created, no completion the client saw fail was completed, no job was activated twice. A failure
   * that leaves the outcome open ({@link ApiStatus#leavesOutcomeOpen}: a broker stopping after it
   * wrote a command and before it answered) may go either way and is only counted.
   */
  private void assertAcknowledgedNeverFailedAndNoJobActivatedTwice() {
    final List<Create> creates = workload.creates();
    final Set<String> created = journals.createdRequestIds();
    final List<Create> failed = creates.stream().filter(c -> !c.ok()).toList();
    final List<Create> failedButDone =
        failed.stream().filter(c -> created.contains(c.rid())).toList();
    final List<String> failedButCreated =
        failedButDone.stream()
            .filter(c -> !ApiStatus.leavesOutcomeOpen(c.error()))
            .map(Create::rid)
            .toList();
    final Set<String> completed = journals.completedJobs();
    final List<FailedCompletion> failedButDoneCompletions =
        workload.failedCompletions().stream().filter(f -> completed.contains(f.job())).toList();
    final List<String> failedButCompleted =
        failedButDoneCompletions.stream()
            .filter(f -> !ApiStatus.leavesOutcomeOpen(f.error()))
            .map(FailedCompletion::job)
            .toList();
    final Map<String, Long> failures =
        failed.stream()
            .collect(
                Collectors.groupingBy(
                    c -> c.api() + " " + ApiStatus.orTransportFailure(c.error()),
                    TreeMap::new,
                    Collectors.counting()));
    LOG.info(
        "{} creations so far, {} acknowledged; failures by kind {}; outcome open and done: {}"
            + " creation(s), {} completion(s)",
        creates.size(),
        creates.size() - failed.size(),
        failures,
        failedButDone.size() - failedButCreated.size(),
        failedButDoneCompletions.size() - failedButCompleted.size());
    assertThat(failedButCreated).as("creations reported failed that a broker created").isEmpty();
    assertThat(failedButCompleted).as("completions reported failed that a broker did").isEmpty();
    assertThat(journals.jobsActivatedTwice()).as("jobs a broker activated twice").isEmpty();
    assertThat(workload.jobsHandledTwice()).as("jobs a worker was handed twice").isEmpty();
  }

  private static int partitionOf(final long key) {
    return (int) (key >> KEY_BITS);
  }

  private static double share(final double first, final double second) {
    return second / Math.max(first + second, 1);
  }

  private static long millis(final long sinceNanos) {
    return (System.nanoTime() - sinceNanos) / 1_000_000;
  }
}
