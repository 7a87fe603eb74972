package io.gatefork.broker.dev.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.broker.dev.EmbeddedBroker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.mock.env.MockEnvironment;

class EmbeddedBrokerAutoConfigurationTest {
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(EmbeddedBrokerAutoConfiguration.class));

  @Test
  void startsNoBrokerUnlessEnabled() {
    runner.run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(EmbeddedBroker.class));
    runner
        .withPropertyValues("gatefork.embedded-broker.enabled=false")
        .run(context -> assertThat(context).doesNotHaveBean(EmbeddedBroker.class));
  }

  @Test
  void startsTheBrokerUnderItsNameWithTheGatewaysClusterName() {
    final int port = freePort();
    runner
        .withPropertyValues(
            "gatefork.embedded-broker.enabled=true",
            "gatefork.embedded-broker.port=" + port,
            "gatefork.embedded-broker.partitions=1",
            "zeebe.gateway.cluster.clusterName=dev-cluster")
        .run(
            context -> {
              assertThat(context).hasNotFailed().hasSingleBean(EmbeddedBroker.class);
              final var broker =
                  context.getBean(EmbeddedBrokerAutoConfiguration.BEAN_NAME, EmbeddedBroker.class);
              assertThat(broker.port()).isEqualTo(port);
              assertThat(broker.config().clusterName()).isEqualTo("dev-cluster");
              assertThat(broker.config().partitionCount()).isEqualTo(1);
            });
  }

  @Test
  void takesTheClusterNameAsTheGatewayDoes() {
    assertThat(EmbeddedBrokerAutoConfiguration.clusterName(new MockEnvironment()))
        .isEqualTo("zeebe-cluster");
    assertThat(
            EmbeddedBrokerAutoConfiguration.clusterName(
                new MockEnvironment().withProperty("zeebe.gateway.cluster.cluster-name", "legacy")))
        .isEqualTo("legacy");
    assertThat(
            EmbeddedBrokerAutoConfiguration.clusterName(
                new MockEnvironment()
                    .withProperty("zeebe.gateway.cluster.clusterName", "legacy")
                    .withProperty("camunda.cluster.name", "unified")))
        .isEqualTo("unified");
  }

  @Test
  void clusterTlsWithoutItsFilesStopsTheStart() {
    runner
        .withPropertyValues(
            "gatefork.embedded-broker.enabled=true",
            "gatefork.embedded-broker.security.enabled=true")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .rootCause()
                  .hasMessageContaining("set certificate-chain-path and private-key-path");
            });
  }

  private static int freePort() {
    try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
