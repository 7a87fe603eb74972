package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Pool sizes follow the container's CPU quota, not the host: the JVM in a 2-CPU container sees 2
 * processors and the API executor gets max = 2 x 8 threads and a queue of 64. The 1-CPU case proves
 * the numbers come from the quota (this CI machine has 2 cores, so "2" alone could not tell the
 * quota from the host).
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
  void inAOneCpuContainerTheJvmSeesOneProcessorAndTheApiExecutorHasMax8Threads() {
    try (var gateway =
        new GatewayContainer("cpu-limit-gateway-1cpu")
            .joining(broker.contactPoint())
            .withNanoCpus(1_000_000_000L)) {
      gateway.start();

      assertThat(nanoCpusOf(gateway)).isEqualTo(1_000_000_000L);
      assertThat(gateway.metric("system.cpu.count")).isEqualTo(1.0);
      assertThat(gateway.metric("gatefork.api.executor.max.pool.size")).isEqualTo(8.0);
      assertThat(gateway.metric("gatefork.api.executor.queue.capacity")).isEqualTo(64.0);
    }
  }
}
