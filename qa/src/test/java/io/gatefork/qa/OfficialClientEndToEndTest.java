package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.camunda.client.CamundaClient;
import io.gatefork.qa.support.ApiStatus;
import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import io.gatefork.qa.support.Processes;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a user's application does, through the image in a 2-CPU container, with the official client
 * over REST and over gRPC: deploy, start 1,000 instances of a one-service-task process, a job
 * worker completes every job. Zero errors (a creation answered with backpressure is sent again, as
 * an application does: the gateway's admission may shed one while the 2-CPU container is busy), and
 * every instance really completed: the worker completed exactly the created instances, and
 * cancelling any of them now answers NOT_FOUND (the engine no longer knows an active instance with
 * that key).
 */
@ContainerTest
class OfficialClientEndToEndTest {
  private static final Logger LOG = LoggerFactory.getLogger(OfficialClientEndToEndTest.class);
  private static final int INSTANCES = 1_000;
  private static final int IN_FLIGHT = 64;
  private static final Duration BOUND = Duration.ofMinutes(2);

  private static BrokerContainer broker;
  private static GatewayContainer gateway;

  @BeforeAll
  static void startCluster() {
    broker = new BrokerContainer("e2e-broker");
    broker.start();
    gateway = new GatewayContainer("e2e-gateway").joining(broker.contactPoint());
    gateway.start();
  }

  @AfterAll
  static void stopCluster() {
    if (gateway != null) {
      gateway.stop();
    }
    if (broker != null) {
      broker.stop();
    }
  }

  @ParameterizedTest(name = "over {0}")
  @ValueSource(strings = {"REST", "gRPC"})
  void thousandInstancesAreCreatedAndCompletedByAJobWorkerWithoutErrors(final String api)
      throws InterruptedException {
    final boolean rest = api.equals("REST");
    final String id = "e2e-" + api.toLowerCase();
    try (CamundaClient client = gateway.client(rest)) {
      client
          .newDeployResourceCommand()
          .addProcessModel(Processes.oneServiceTask(id, id), id + ".bpmn")
          .send()
          .join();

      final Set<Long> completedByWorker = ConcurrentHashMap.newKeySet();
      final var workerErrors = new ConcurrentLinkedQueue<Throwable>();
      try (var worker =
          client
              .newWorker()
              .jobType(id)
              .handler(
                  (jobClient, job) -> {
                    try {
                      jobClient
                          .newCompleteCommand(job)
                          .variables(Map.of("done", true))
                          .send()
                          .join();
                      completedByWorker.add(job.getProcessInstanceKey());
                    } catch (final RuntimeException e) {
                      workerErrors.add(e);
                      throw e;
                    }
                  })
              .maxJobsActive(IN_FLIGHT)
              .timeout(Duration.ofMinutes(1))
              .open()) {

        final long start = System.nanoTime();
        final Set<Long> created =
            runBounded(
                INSTANCES,
                i ->
                    client
                        .newCreateInstanceCommand()
                        .bpmnProcessId(id)
                        .latestVersion()
                        .variables(Map.of("i", i))
                        .send()
                        .toCompletableFuture()
                        .thenApply(instance -> instance.getProcessInstanceKey()));

        assertThat(created).hasSize(INSTANCES);
        final long createdAt = System.nanoTime();
        await()
            .atMost(BOUND)
            .pollInterval(Duration.ofMillis(200))
            .until(() -> completedByWorker.size() >= INSTANCES);
        assertThat(workerErrors).isEmpty();
        assertThat(completedByWorker).isEqualTo(created);
        final long completedAt = System.nanoTime();

        final var cancelAnswers = new ConcurrentLinkedQueue<String>();
        runBoundedIgnoringResults(
            created,
            key ->
                client
                    .newCancelInstanceCommand(key)
                    .send()
                    .toCompletableFuture()
                    .handle(
                        (ok, error) -> {
                          cancelAnswers.add(error == null ? "OK" : ApiStatus.of(error));
                          return null;
                        }));
        assertThat(cancelAnswers).hasSize(INSTANCES).containsOnly("NOT_FOUND");
        LOG.info(
            "{}: {} instances created in {} ms, all completed by the worker {} ms later, "
                + "cancel checks {} ms",
            api,
            INSTANCES,
            (createdAt - start) / 1_000_000,
            (completedAt - createdAt) / 1_000_000,
            (System.nanoTime() - completedAt) / 1_000_000);
      }
    }
  }

  /**
   * Runs {@code count} calls, at most {@link #IN_FLIGHT} at a time; a call answered with
   * backpressure ({@code RESOURCE_EXHAUSTED}: the gateway's admission, or a broker's) is sent again
   * after a pause, as an application does; any other failure fails the test.
   */
  private static Set<Long> runBounded(
      final int count, final Function<Integer, CompletableFuture<Long>> call)
      throws InterruptedException {
    final Set<Long> results = ConcurrentHashMap.newKeySet();
    final var failures = new ConcurrentLinkedQueue<Throwable>();
    final var slots = new Semaphore(IN_FLIGHT);
    final AtomicInteger resent = new AtomicInteger();
    final long deadline = System.nanoTime() + BOUND.toNanos();
    for (int i = 0; i < count; i++) {
      acquire(slots, 1, deadline);
      final int index = i;
      withResends(() -> call.apply(index), resent, 10)
          .whenComplete(
              (key, error) -> {
                if (error != null) {
                  failures.add(error);
                } else {
                  results.add(key);
                }
                slots.release();
              });
    }
    acquire(slots, IN_FLIGHT, deadline);
    assertThat(failures).as("failed calls").isEmpty();
    LOG.info("{} calls sent again after backpressure", resent.get());
    return results;
  }

  private static boolean backpressure(final Throwable error) {
    try {
      return "RESOURCE_EXHAUSTED".equals(ApiStatus.of(error));
    } catch (final AssertionError notAnApiAnswer) {
      return false;
    }
  }

  private static <T> CompletableFuture<T> withResends(
      final Supplier<CompletableFuture<T>> call, final AtomicInteger resent, final int left) {
    return call.get()
        .exceptionallyCompose(
            error -> {
              if (left == 0 || !backpressure(error)) {
                return CompletableFuture.failedFuture(error);
              }
              resent.incrementAndGet();
              return CompletableFuture.runAsync(
                      () -> {}, CompletableFuture.delayedExecutor(100, TimeUnit.MILLISECONDS))
                  .thenCompose(paused -> withResends(call, resent, left - 1));
            });
  }

  private static void runBoundedIgnoringResults(
      final Set<Long> keys, final Function<Long, CompletableFuture<?>> call)
      throws InterruptedException {
    final var failures = new ConcurrentLinkedQueue<Throwable>();
    final var slots = new Semaphore(IN_FLIGHT);
    final long deadline = System.nanoTime() + BOUND.toNanos();
    for (final long key : keys) {
      acquire(slots, 1, deadline);
      call.apply(key)
          .whenComplete(
              (ignored, error) -> {
                if (error != null) {
                  failures.add(error);
                }
                slots.release();
              });
    }
    acquire(slots, IN_FLIGHT, deadline);
    assertThat(failures).as("calls that failed unexpectedly").isEmpty();
  }

  private static void acquire(final Semaphore slots, final int permits, final long deadline)
      throws InterruptedException {
    final long left = deadline - System.nanoTime();
    if (!slots.tryAcquire(permits, Math.max(left, 0), TimeUnit.NANOSECONDS)) {
      throw new AssertionError("calls still running after " + BOUND);
    }
  }
}
