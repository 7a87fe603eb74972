package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pool sizes follow the container's CPU quota, not the host: the JVM in a 2-CPU container sees 2
 * processors and the API executor gets max = 2 x 8 threads and a queue of 64. The 1-CPU case proves
 * the numbers come from the quota (this CI machine has 2 cores, so "2" alone could not tell the
 * quota from the host). With {@code gatefork.overload.cpu-target} set, the admission limit reads
 * the same quota from the container's cgroup and reports the share of it the gateway used ({@code
 * gatefork.overload.cpu}; NaN without a quota).
 */
@ContainerTest
class ApiExecutorUnderCpuLimitTest {
  private static BrokerContainer broker;

  @BeforeAll
  static void startBroker() {
    broker = new BrokerContainer("cpu-limit-broker");
    broker.start();
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.stop();
    }
  }

  private static long nanoCpusOf(final GatewayContainer gateway) {
    return gateway
        .getDockerClient()
        .inspectContainerCmd(gateway.getContainerId())
        .exec()
        .getHostConfig()
        .getNanoCPUs();
  }

  @Test
  void inATwoCpuContainerTheJvmSeesTwoProcessorsAndTheApiExecutorHasMax16ThreadsAndQueue64() {
    try (var gateway =
        new GatewayContainer("cpu-limit-gateway-2cpu").joining(broker.contactPoint())) {
      gateway.start();

      assertThat(nanoCpusOf(gateway)).isEqualTo(2_000_000_000L);
      assertThat(gateway.metric("system.cpu.count")).isEqualTo(2.0);
      assertThat(gateway.metric("gatefork.api.executor.max.pool.size")).isEqualTo(16.0);
      assertThat(gateway.metric("gatefork.api.executor.queue.capacity")).isEqualTo(64.0);
    }
  }

  @Test
  void inAOneCpuContainerTheJvmSeesOneProcessorAndTheApiExecutorHasMax8Threads() throws Exception {
    try (var gateway =
        new GatewayContainer("cpu-limit-gateway-1cpu")
            .joining(broker.contactPoint())
            .withNanoCpus(1_000_000_000L)
            .withEnv("GATEFORK_OVERLOAD_CPUTARGET", "0.97")) {
      gateway.start();

      assertThat(nanoCpusOf(gateway)).isEqualTo(1_000_000_000L);
      assertThat(gateway.metric("system.cpu.count")).isEqualTo(1.0);
      assertThat(gateway.metric("gatefork.api.executor.max.pool.size")).isEqualTo(8.0);
      assertThat(gateway.metric("gatefork.api.executor.queue.capacity")).isEqualTo(64.0);

      // admission samples the CPU used against the cgroup's quota every ten CFS periods (1 s)
      final HttpClient http = HttpClient.newHttpClient();
      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(300))
          .until(
              () -> {
                createUnknownProcess(http, gateway);
                return !Double.isNaN(gateway.metric("gatefork.overload.cpu"));
              });
      assertThat(gateway.metric("gatefork.overload.cpu")).isBetween(0.0, 1.5);
    }
  }

  /** A create that passes admission and reaches a broker (404: no such process). */
  private static void createUnknownProcess(final HttpClient http, final GatewayContainer gateway)
      throws IOException, InterruptedException {
    final var request =
        HttpRequest.newBuilder(gateway.restAddress().resolve("/v2/process-instances"))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString("{\"processDefinitionId\":\"unknown\"}"))
            .timeout(Duration.ofSeconds(10))
            .build();
    assertThat(http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode())
        .isEqualTo(404);
  }
}
