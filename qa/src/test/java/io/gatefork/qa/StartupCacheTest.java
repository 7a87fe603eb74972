package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.gatefork.qa.support.BrokerContainer;
import io.gatefork.qa.support.ContainerTest;
import io.gatefork.qa.support.GatewayContainer;
import io.gatefork.qa.support.Processes;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue #25: the image's start-up cache (made by the Dockerfile's training run) is used by the
 * gateway in a 2-CPU container, which is ready and serves over both APIs; the JVM takes the cache
 * without a warning, and GATEFORK_AOT_CACHE=off still starts a gateway that serves. Issue #33: the
 * production image that does so holds no engine, no lib/broker/ and no training load (the cache is
 * trained in a builder stage).
 */
@ContainerTest
class StartupCacheTest {
  private static final String PROCESS = "startup-cache";
  private static final List<String> CACHE_FLAGS =
      List.of(
          "-XX:AOTCache=/usr/local/zeebe/cache/", "-XX:SharedArchiveFile=/usr/local/zeebe/cache/");

  @Test
  void inATwoCpuContainerTheGatewayStartsFromTheImagesCacheAndServes() throws Exception {
    try (var broker = new BrokerContainer("startup-cache-broker");
        var gateway = new GatewayContainer("startup-cache-gateway")) {
      broker.start();
      gateway.joining(broker.contactPoint()).start();

      assertThat(jvmArguments(gateway))
          .as("the gateway JVM's arguments")
          .anyMatch(arg -> CACHE_FLAGS.stream().anyMatch(arg::startsWith));
      // issue #33: the production image is the gateway's lib/ only, trained elsewhere
      final String lib = gateway.execInContainer("ls", "-A", "/usr/local/zeebe/lib").getStdout();
      assertThat(lib.lines().toList())
          .as("/usr/local/zeebe/lib of the production image")
          .anyMatch(name -> name.startsWith("io.gatefork.gateway-app-"))
          .noneMatch(name -> name.equals("broker") || name.equals("training"))
          .noneMatch(name -> GatewayClasspathTest.BROKER_ONLY.stream().anyMatch(name::contains));
      assertServes(gateway);
      assertThat(gateway.output())
          .doesNotContain("no start-up cache")
          .doesNotContain("[warning][aot]")
          .doesNotContain("[warning][cds]")
          .doesNotContain("[error]");
    }
  }

  @Test
  void withTheCacheOffTheGatewayStartsWithoutItAndServes() throws Exception {
    try (var broker = new BrokerContainer("startup-cache-off-broker");
        var gateway =
            new GatewayContainer("startup-cache-off-gateway")
                .withEnv("GATEFORK_AOT_CACHE", "off")) {
      broker.start();
      gateway.joining(broker.contactPoint()).start();

      assertThat(jvmArguments(gateway))
          .noneMatch(arg -> CACHE_FLAGS.stream().anyMatch(arg::startsWith));
      assertServes(gateway);
    }
  }

  /** The JVM is the container's first process: bin/gateway execs it. */
  private static List<String> jvmArguments(final GatewayContainer gateway) throws Exception {
    final String cmdline = gateway.execInContainer("cat", "/proc/1/cmdline").getStdout();
    return Stream.of(cmdline.split("\0")).toList();
  }

  private static void assertServes(final GatewayContainer gateway) {
    for (final boolean rest : List.of(true, false)) {
      try (CamundaClient client = gateway.client(rest)) {
        client
            .newDeployResourceCommand()
            .addProcessModel(Processes.oneServiceTask(PROCESS, "work"), PROCESS + ".bpmn")
            .send()
            .join();
        assertThat(
                client
                    .newCreateInstanceCommand()
                    .bpmnProcessId(PROCESS)
                    .latestVersion()
                    .send()
                    .join()
                    .getProcessInstanceKey())
            .as(rest ? "REST create" : "gRPC create")
            .isPositive();
      }
    }
  }
}
