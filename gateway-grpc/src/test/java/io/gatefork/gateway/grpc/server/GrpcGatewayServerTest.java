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
import java.time.Duration;
import org.junit.jupiter.api.Test;

class GrpcGatewayServerTest {

  @Test
  void defaultsAreTheStockGatewaysWithDirectExecutor() {
    final var defaults = GrpcServerConfig.defaults();

    assertThat(defaults.host()).isEqualTo("0.0.0.0");
    assertThat(defaults.port()).isEqualTo(26500);
    assertThat(defaults.minKeepAliveInterval()).isEqualTo(Duration.ofSeconds(30));
    assertThat(defaults.maxMessageSize()).isEqualTo(4 * 1024 * 1024);
    assertThat(defaults.executorMode()).isEqualTo(GrpcExecutorMode.DIRECT);
    assertThat(defaults.effectivePoolThreads())
        .isEqualTo(Runtime.getRuntime().availableProcessors());
  }

  @Test
  void configRejectsValuesTheServerCannotUse() {
    final var defaults = GrpcServerConfig.defaults();

    assertThatThrownBy(() -> defaults.withAddress("127.0.0.1", 70_000))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("port");
    assertThatThrownBy(() -> defaults.withMaxMessageSize(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxMessageSize");
    assertThatThrownBy(() -> defaults.withExecutor(GrpcExecutorMode.POOLED, 2, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("poolQueueCapacity");
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
    final var pooled = GrpcServerConfig.defaults().withExecutor(GrpcExecutorMode.POOLED, 2, 8);
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
              GrpcServerConfig.defaults().withAddress("127.0.0.1", socket.getLocalPort()),
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
