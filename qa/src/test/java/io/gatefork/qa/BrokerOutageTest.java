package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.github.dockerjava.api.command.InspectContainerResponse;
import io.camunda.client.CamundaClient;
import io.gatefork.qa.support.ApiStatus;
import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import io.gatefork.qa.support.Processes;
import io.gatefork.qa.support.RestCalls;
import io.gatefork.qa.support.RestCalls.Answer;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker container is stopped while clients are sending: requests fail with 503 UNAVAILABLE at
 * once instead of hanging, and when the broker container is started again (same ports, empty state)
 * the same gateway process serves requests again without a restart.
 *
 * <p>Between the stop and the moment the gateway's membership protocol declares the broker gone
 * (SWIM failure timeout, 10 s by default) a request can still be routed to the dead broker; the
 * test bounds that window (every answer is a 502/503 error, none waits out the 15 s request
 * timeout) and then requires fast UNAVAILABLE answers for every kind of request.
 */
@ContainerTest
class BrokerOutageTest {
  private static final Logger LOG = LoggerFactory.getLogger(BrokerOutageTest.class);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(15);
  private static final Duration DETECTION_BOUND = Duration.ofSeconds(30);
  private static final Duration FAST = Duration.ofSeconds(2);
  private static final int MAX_LOAD_REQUESTS = 20_000;

  @Test
  void stoppedBrokerMakesRequestsFailFastWithUnavailableAndTheGatewayRecoversWhenItIsBack()
      throws Exception {
    try (var broker = new BrokerContainer("outage-broker");
        var gateway = new GatewayContainer("outage-gateway")) {
      broker.start();
      gateway.joining(broker.contactPoint()).start();
      final InspectContainerResponse gatewayBefore = inspect(gateway);
      final var rest = new RestCalls(gateway.restAddress());
      deploy(gateway);

      // clients keep creating instances while the broker goes away
      final var answers = new ConcurrentLinkedQueue<Answer>();
      final var loadRunning = new AtomicBoolean(true);
      final var load =
          CompletableFuture.runAsync(
              () -> {
                final var request = rest.createInstanceRequest("outage");
                final long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
                for (int i = 0;
                    i < MAX_LOAD_REQUESTS && loadRunning.get() && System.nanoTime() < deadline;
                    i++) {
                  answers.add(rest.send(request));
                }
              });
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> answers.stream().filter(Answer::ok).count() >= 50);

      broker.stopBroker();
      // docker stop returned: the broker process is gone
      final long stoppedAt = System.nanoTime();
      // a request without a partition retry (routed by correlation key) during the same window
      final var publishInWindow =
          CompletableFuture.supplyAsync(
              () ->
                  rest.send(
                      rest.post(
                          "/v2/messages/publication",
                          "{\"name\":\"m\",\"correlationKey\":\"window\"}")));
      // the gateway noticed: its readiness (some partition has a leader) went down
      await()
          .atMost(DETECTION_BOUND)
          .pollInterval(Duration.ofMillis(200))
          .until(() -> gateway.management("/actuator/health/readiness").statusCode() == 503);
      loadRunning.set(false);
      load.get(REQUEST_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS);

      final List<Answer> afterStop =
          answers.stream().filter(a -> a.startedNanos() > stoppedAt).toList();
      assertThat(afterStop).as("requests sent after the stop").isNotEmpty();
      // until the gateway notices, a request may still reach for the dead broker: it fails with
      // what the stock gateway answers then (503 RESOURCE_EXHAUSTED when every partition refused
      // the connection, 502 ABORTED when a pooled connection turned out closed), never by
      // waiting out the request timeout (504)
      assertThat(
              afterStop.stream()
                  .filter(
                      a ->
                          a.status() != 502 && a.status() != 503
                              || a.millis() >= REQUEST_TIMEOUT.toMillis()))
          .as("answers that were not a quick 502/503")
          .isEmpty();
      final Answer published =
          publishInWindow.get(REQUEST_TIMEOUT.toSeconds() * 2, TimeUnit.SECONDS);
      assertThat(published.status()).as(published.body()).isIn(502, 503);
      assertThat(published.millis()).isLessThan(REQUEST_TIMEOUT.toMillis());
      LOG.info(
          "{} creates while the gateway noticed the broker was gone: {}, slowest {} ms; "
              + "a message publication answered {} after {} ms",
          afterStop.size(),
          afterStop.stream()
              .collect(
                  Collectors.groupingBy(
                      a -> a.status() + " " + a.title(), TreeMap::new, Collectors.counting())),
          afterStop.stream().mapToLong(Answer::millis).max().orElse(0),
          published.title(),
          published.millis());

      // now every kind of request fails fast with UNAVAILABLE, over REST and gRPC
      try (var grpc = gateway.client(false)) {
        for (int i = 0; i < 5; i++) {
          assertFastUnavailable(rest.send(rest.createInstanceRequest("outage")));
          assertFastUnavailable(
              rest.send(
                  rest.post(
                      "/v2/messages/publication",
                      "{\"name\":\"m\",\"correlationKey\":\"k-" + i + "\"}")));
          assertFastUnavailable(
              rest.send(
                  rest.post(
                      "/v2/jobs/activation",
                      "{\"type\":\"t\",\"timeout\":1000,\"maxJobsToActivate\":1,\"requestTimeout\":500}")));
          final long start = System.nanoTime();
          final var failure =
              grpc.newCreateInstanceCommand()
                  .bpmnProcessId("outage")
                  .latestVersion()
                  .send()
                  .toCompletableFuture()
                  .handle((ok, error) -> error)
                  .join();
          assertThat(failure).as("gRPC create while the broker is down").isNotNull();
          assertThat(ApiStatus.of(failure)).isEqualTo("UNAVAILABLE");
          assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(FAST);
        }
      }

      // the broker comes back with the same ports and no state: the same gateway recovers
      broker.startBrokerAgain();
      await()
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(250))
          .until(() -> gateway.management("/actuator/health/readiness").statusCode() == 200);
      deploy(gateway);
      final Answer created = rest.send(rest.createInstanceRequest("outage"));
      assertThat(created.status()).as(created.body()).isEqualTo(200);
      try (var grpc = gateway.client(false)) {
        assertThat(
                grpc.newCreateInstanceCommand()
                    .bpmnProcessId("outage")
                    .latestVersion()
                    .send()
                    .join()
                    .getProcessInstanceKey())
            .isPositive();
      }
      final InspectContainerResponse gatewayAfter = inspect(gateway);
      assertThat(gatewayAfter.getState().getRunning()).isTrue();
      assertThat(gatewayAfter.getRestartCount()).isZero();
      assertThat(gatewayAfter.getState().getStartedAt())
          .as("the gateway process was not restarted")
          .isEqualTo(gatewayBefore.getState().getStartedAt());
    }
  }

  private static void deploy(final GatewayContainer gateway) {
    try (CamundaClient client = gateway.client(true)) {
      client
          .newDeployResourceCommand()
          .addProcessModel(Processes.startToEnd("outage"), "outage.bpmn")
          .send()
          .join();
    }
  }

  private static InspectContainerResponse inspect(final GatewayContainer gateway) {
    return gateway.getDockerClient().inspectContainerCmd(gateway.getContainerId()).exec();
  }

  private static void assertFastUnavailable(final Answer answer) {
    assertThat(answer.status()).as(answer.body()).isEqualTo(503);
    assertThat(answer.title()).as(answer.body()).isEqualTo("UNAVAILABLE");
    assertThat(answer.millis()).as("answer time of " + answer.body()).isLessThan(FAST.toMillis());
  }
}
