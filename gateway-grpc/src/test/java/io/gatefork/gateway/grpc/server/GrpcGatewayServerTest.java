package io.gatefork.gateway.grpc.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.gatefork.gateway.grpc.support.TestGateway;
import io.gatefork.service.stage.StageMetrics;
import io.gatefork.service.testing.FakeServices;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class GrpcGatewayServerTest {

  @Test
  void poolThreadsZeroMeansTheAvailableProcessors() {
    final var config = TestGateway.config().executor(GrpcExecutorMode.POOLED, 0, 8).build();

    assertThat(config.effectivePoolThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
  }

  @Test
  void builderRefusesASettingThatWasNotGiven() {
    assertThatThrownBy(() -> GrpcServerConfig.builder().address("127.0.0.1", 0).build())
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("maxMessageSize");
  }

  @Test
  void toBuilderKeepsEverySettingItIsNotTold() {
    final var config =
        TestGateway.config().executor(GrpcExecutorMode.POOLED, 3, 9).maxMessageSize(1024).build();

    assertThat(config.toBuilder().build()).isEqualTo(config);
    assertThat(config.toBuilder().address("127.0.0.1", 1).build())
        .isEqualTo(
            new GrpcServerConfig(
                "127.0.0.1",
                1,
                config.minKeepAliveInterval(),
                1024,
                GrpcExecutorMode.POOLED,
                3,
                9,
                config.shutdownGrace(),
                config.maxConnectionAge(),
                config.maxConnectionAgeGrace(),
                config.maxConcurrentCallsPerConnection(),
                config.maxRstFramesPerWindow(),
                config.rstFramesWindow(),
                config.maxConnectionsPerAddress(),
                config.tls()));
  }

  @Test
  void configRejectsValuesTheServerCannotUse() {
    assertThatThrownBy(() -> TestGateway.config().address("127.0.0.1", 70_000).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("port");
    assertThatThrownBy(() -> TestGateway.config().maxMessageSize(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxMessageSize");
    assertThatThrownBy(() -> TestGateway.config().executor(GrpcExecutorMode.POOLED, 2, 0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("poolQueueCapacity");
    assertThatThrownBy(() -> TestGateway.config().maxConnectionsPerAddress(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxConnectionsPerAddress");
  }

  @Test
  void directExecutorRunsHandlersOnTheNettyEventLoop() throws InterruptedException {
    try (var gateway = new TestGateway()) {
      gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build());

      assertThat(gateway.fakes.jobs.complete.lastCallerThread())
          .contains("ELG")
          .doesNotContain("grpc-executor");
    }
  }

  @Test
  void pooledExecutorRunsHandlersOnItsOwnThreads() throws InterruptedException {
    final var pooled = TestGateway.config().executor(GrpcExecutorMode.POOLED, 2, 8).build();
    try (var gateway = new TestGateway(pooled)) {
      gateway.client().completeJob(CompleteJobRequest.newBuilder().setJobKey(1).build());

      assertThat(gateway.fakes.jobs.complete.lastCallerThread()).startsWith("grpc-executor-");
    }
  }

  @Test
  void closeReleasesThePortAndIsIdempotent() throws Exception {
    final int port;
    try (var gateway = new TestGateway()) {
      port = gateway.server.port();
      assertThat(port).isPositive();
      gateway.server.close();
      gateway.server.close();
      assertThat(gateway.server.port()).isEqualTo(-1);
    }

    try (var socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
      assertThat(socket.getLocalPort()).isEqualTo(port);
    }
  }

  @Test
  void startingTwiceIsRefused() throws InterruptedException {
    try (var gateway = new TestGateway()) {
      assertThatThrownBy(gateway.server::start).isInstanceOf(IllegalStateException.class);
    }
  }

  @Test
  void occupiedPortFailsTheStartNamingTheAddress() throws Exception {
    try (var socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      final var registry = new SimpleMeterRegistry();
      final var server =
          new GrpcGatewayServer(
              TestGateway.config().address("127.0.0.1", socket.getLocalPort()).build(),
              TestGateway.services(new FakeServices()),
              registry,
              new StageMetrics(registry));

      assertThatThrownBy(server::start)
          .isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining("127.0.0.1:" + socket.getLocalPort());
      assertThat(server.port()).isEqualTo(-1);
    }
  }
}
