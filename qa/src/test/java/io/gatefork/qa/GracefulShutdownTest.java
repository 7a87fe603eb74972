package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.response.ActivatedJob;
import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import io.gatefork.qa.support.Processes;
import io.gatefork.qa.support.RestCalls;
import io.gatefork.qa.support.RestCalls.Answer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SIGTERM to the gateway while REST and gRPC clients are creating instances, as Kubernetes stops a
 * pod: readiness goes down first, requests already in flight finish (a long-poll job activation
 * that was waiting at the signal still gets its 200), and no acknowledged instance is lost. A
 * second gateway then activates every job the broker holds: exactly the acknowledged instances have
 * one (none lost, and no request that failed for the client created an instance).
 */
@ContainerTest
class GracefulShutdownTest {
  private static final Logger LOG = LoggerFactory.getLogger(GracefulShutdownTest.class);
  private static final String PROCESS = "shutdown";
  private static final String JOB_TYPE = "shutdown-task";
  private static final int REST_THREADS = 6;
  private static final int GRPC_IN_FLIGHT = 16;
  private static final int MAX_REQUESTS = 50_000;
  private static final Duration LOAD_BOUND = Duration.ofSeconds(90);
  private static final Duration LONG_POLL = Duration.ofSeconds(8);

  /** The partitions of a lone broker container, all led by it ({@link BrokerContainer}). */
  private static final int PARTITIONS = 3;

  /** How often the readiness prober asks: the resolution of "readiness went down first". */
  private static final Duration READINESS_PROBE_PERIOD = Duration.ofMillis(20);

  /** A load thread's back-off after a refused request, not to spin while the gateway is down. */
  private static final Duration BACK_OFF_AFTER_FAILURE = Duration.ofMillis(20);

  /** One readiness probe result; status 0 when the management port did not answer. */
  private record Probe(long nanos, int status) {}

  @Test
  void
      sigtermUnderLoadTakesReadinessDownFirstFinishesInFlightRequestsAndLosesNoAcknowledgedInstance()
          throws Exception {
    try (var broker = new BrokerContainer("shutdown-broker");
        var gateway = new GatewayContainer("shutdown-gateway");
        var successor = new GatewayContainer("shutdown-successor-gateway")) {
      broker.start();
      gateway.joining(broker.contactPoint()).start();
      try (CamundaClient client = gateway.client(true)) {
        client
            .newDeployResourceCommand()
            .addProcessModel(Processes.oneServiceTask(PROCESS, JOB_TYPE), PROCESS + ".bpmn")
            .send()
            .join();
      }
      final var rest = new RestCalls(gateway.restAddress());

      final Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
      final var failed = new AtomicInteger();
      final var running = new AtomicBoolean(true);
      final var sent = new AtomicInteger();
      final long loadDeadline = System.nanoTime() + LOAD_BOUND.toNanos();
      final ExecutorService load = Executors.newFixedThreadPool(REST_THREADS + 1);
      final var grpc = gateway.client(false);
      final var readiness = new ConcurrentLinkedQueue<Probe>();
      try {
        for (int t = 0; t < REST_THREADS; t++) {
          load.submit(
              () -> {
                final var request = rest.createInstanceRequest(PROCESS);
                while (running.get()
                    && System.nanoTime() < loadDeadline
                    && sent.incrementAndGet() <= MAX_REQUESTS) {
                  final Answer answer = rest.send(request);
                  if (answer.ok()) {
                    acknowledged.add(answer.processInstanceKey());
                  } else {
                    failed.incrementAndGet();
                    // a refused connection answers at once: do not spin while the gateway is down
                    pause();
                  }
                }
              });
        }
        load.submit(
            () -> {
              final var slots = new Semaphore(GRPC_IN_FLIGHT);
              int failuresSeen = 0;
              while (running.get()
                  && System.nanoTime() < loadDeadline
                  && sent.incrementAndGet() <= MAX_REQUESTS) {
                if (failed.get() > failuresSeen) {
                  failuresSeen = failed.get();
                  pause();
                }
                if (!slots.tryAcquire(1, TimeUnit.SECONDS)) {
                  continue;
                }
                grpc.newCreateInstanceCommand()
                    .bpmnProcessId(PROCESS)
                    .latestVersion()
                    .send()
                    .toCompletableFuture()
                    .whenComplete(
                        (instance, error) -> {
                          if (error == null) {
                            acknowledged.add(instance.getProcessInstanceKey());
                          } else {
                            failed.incrementAndGet();
                          }
                          slots.release();
                        });
              }
              slots.tryAcquire(GRPC_IN_FLIGHT, 30, TimeUnit.SECONDS);
              return null;
            });
        await().atMost(Duration.ofSeconds(30)).until(() -> acknowledged.size() >= 300);

        final var probing =
            CompletableFuture.runAsync(
                () -> probeReadiness(gateway.managementPort(), running, readiness));
        await().atMost(Duration.ofSeconds(10)).until(() -> readiness.size() >= 3);
        // in flight across the signal: a long poll for jobs of a type nobody creates, parked in
        // the gateway when the signal comes (the assertions below prove it was)
        final var longPoll =
            CompletableFuture.supplyAsync(
                () ->
                    rest.send(
                        rest.post(
                            "/v2/jobs/activation",
                            "{\"type\":\"nobody\",\"timeout\":60000,"
                                + "\"maxJobsToActivate\":1,\"requestTimeout\":"
                                + LONG_POLL.toMillis()
                                + "}")));
        // the gateway parks it once every partition answered its activation with no job
        await("the long poll's activation answered by every partition, the request parked")
            .atMost(Duration.ofSeconds(10))
            .pollInterval(Duration.ofMillis(100))
            .failFast("the long poll ended before the signal", longPoll::isDone)
            .until(() -> everyPartitionAnsweredAnActivation(gateway));
        assertThat(longPoll).as("the long poll before the signal").isNotDone();
        final long sigtermAt = System.nanoTime();
        gateway.sendSigterm();
        await()
            .atMost(Duration.ofSeconds(60))
            .pollInterval(Duration.ofMillis(100))
            .until(() -> !gateway.isRunning());
        final long exitedAt = System.nanoTime();
        running.set(false);
        probing.get(10, TimeUnit.SECONDS);

        final Answer polled = longPoll.get(10, TimeUnit.SECONDS);
        final long longPollAnsweredAt = polled.startedNanos() + polled.millis() * 1_000_000;

        // requests in flight at the signal finished: the long poll got its (empty) answer
        assertThat(polled.status()).as(polled.body()).isEqualTo(200);
        assertThat(polled.startedNanos()).isLessThan(sigtermAt);
        assertThat(longPollAnsweredAt).isGreaterThan(sigtermAt);

        // readiness went down after the signal and never came back; the gateway states that it
        // was down when it answered the parked long poll (the prober's 20 ms period cannot order
        // two events that close together, the gateway can)
        final List<Probe> afterSignal =
            readiness.stream().filter(p -> p.nanos() > sigtermAt).toList();
        assertThat(readiness.stream().filter(p -> p.nanos() < sigtermAt))
            .as("readiness before the signal")
            .isNotEmpty()
            .allMatch(p -> p.status() == 200);
        final Probe firstDown =
            afterSignal.stream()
                .filter(p -> p.status() != 200)
                .findFirst()
                .orElseThrow(() -> new AssertionError("readiness never went down: " + afterSignal));
        assertThat(afterSignal.stream().filter(p -> p.nanos() > firstDown.nanos()))
            .noneMatch(p -> p.status() == 200);
        assertThat(gateway.output())
            .as("readiness down before the in-flight request finished")
            .contains(
                "Shutting down with readiness REFUSING_TRAFFIC: answered 1 parked job "
                    + "activation(s)");

        // a clean, graceful stop within the grace period, not a kill
        final var state =
            gateway
                .getDockerClient()
                .inspectContainerCmd(gateway.getContainerId())
                .exec()
                .getState();
        assertThat(state.getExitCodeLong()).as("exit code after SIGTERM").isEqualTo(143L);
        assertThat(Duration.ofNanos(exitedAt - sigtermAt)).isLessThan(Duration.ofSeconds(30));
        assertThat(gateway.output())
            .contains("Graceful shutdown complete")
            .doesNotContain("Graceful shutdown aborted");
        assertThat(failed.get())
            .as("requests refused once the gateway stopped accepting")
            .isPositive();
        LOG.info(
            "SIGTERM under load: readiness {} after {} ms, the in-flight long poll answered "
                + "after {} ms, the process exited after {} ms; {} creates acknowledged, {} refused",
            firstDown.status() == 0 ? "unreachable" : "answered " + firstDown.status(),
            (firstDown.nanos() - sigtermAt) / 1_000_000,
            (longPollAnsweredAt - sigtermAt) / 1_000_000,
            (exitedAt - sigtermAt) / 1_000_000,
            acknowledged.size(),
            failed.get());
      } finally {
        running.set(false);
        load.shutdown();
        load.awaitTermination(60, TimeUnit.SECONDS);
        grpc.close();
      }

      // what the broker holds: one job per created instance, collected through a new gateway
      successor.joining(broker.contactPoint()).start();
      final Set<Long> onBroker = activateAllJobs(successor);
      assertThat(onBroker)
          .as("instances on the broker vs acknowledged to clients")
          .hasSameSizeAs(acknowledged)
          .isEqualTo(new HashSet<>(acknowledged));
    }
  }

  /**
   * Whether each partition has answered a job activation through this gateway: the long poll's
   * walk, the only activation here, asks them one after the other before it parks.
   */
  private static boolean everyPartitionAnsweredAnActivation(final GatewayContainer gateway) {
    for (int partition = 1; partition <= PARTITIONS; partition++) {
      final double answered =
          gateway.prometheusSum(
              "zeebe_gateway_request_latency_seconds_count",
              "requestType=\"JOB_BATCH#ACTIVATE\"",
              "partition=\"" + partition + "\"");
      if (answered < 1) {
        return false;
      }
    }
    return true;
  }

  private static void pause() {
    try {
      Thread.sleep(BACK_OFF_AFTER_FAILURE);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void probeReadiness(
      final int managementPort,
      final AtomicBoolean running,
      final ConcurrentLinkedQueue<Probe> probes) {
    final var http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();
    final var request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + managementPort + "/actuator/health/readiness"))
            .timeout(Duration.ofSeconds(1))
            .build();
    final long deadline = System.nanoTime() + LOAD_BOUND.toNanos();
    while (running.get() && System.nanoTime() < deadline) {
      int status;
      try {
        status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (final Exception e) {
        status = 0;
      }
      probes.add(new Probe(System.nanoTime(), status));
      try {
        Thread.sleep(READINESS_PROBE_PERIOD);
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Activates jobs until two polls in a row come back empty (bounded in time and count). */
  private static Set<Long> activateAllJobs(final GatewayContainer gateway) {
    final Set<Long> instances = new HashSet<>();
    final List<ActivatedJob> jobs = new ArrayList<>();
    final long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
    try (CamundaClient client = gateway.client(true)) {
      int emptyPolls = 0;
      while (emptyPolls < 2 && System.nanoTime() < deadline && jobs.size() <= MAX_REQUESTS) {
        final var batch =
            client
                .newActivateJobsCommand()
                .jobType(JOB_TYPE)
                .maxJobsToActivate(500)
                .timeout(Duration.ofMinutes(10))
                .requestTimeout(Duration.ofSeconds(2))
                .send()
                .join()
                .getJobs();
        jobs.addAll(batch);
        batch.forEach(job -> instances.add(job.getProcessInstanceKey()));
        emptyPolls = batch.isEmpty() ? emptyPolls + 1 : 0;
      }
    }
    assertThat(jobs).as("one job per instance").hasSameSizeAs(instances);
    return instances;
  }
}
