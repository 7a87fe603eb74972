package io.gatefork.gateway.grpc.support;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.gatefork.gateway.grpc.server.GrpcExecutorMode;
import io.gatefork.gateway.grpc.server.GrpcGatewayServer;
import io.gatefork.gateway.grpc.server.GrpcServerConfig;
import io.gatefork.service.stage.StageMetrics;
import io.grpc.ManagedChannel;
import io.grpc.netty.NettyChannelBuilder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** A real gateway server on 127.0.0.1 (ephemeral port) over fake services, and a client. */
public final class TestGateway implements AutoCloseable {
  public final FakeServices services = new FakeServices();
  public final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  public final GrpcGatewayServer server;
  public final ManagedChannel channel;

  public TestGateway() {
    this(config().build());
  }

  /** Bound to 127.0.0.1 on an ephemeral port, with a short shutdown grace, whatever config says. */
  public TestGateway(final GrpcServerConfig config) {
    server =
        new GrpcGatewayServer(
                config.toBuilder()
                    .address("127.0.0.1", 0)
                    .shutdownGrace(Duration.ofMillis(200))
                    .build(),
                services.services(),
                registry,
                new StageMetrics(registry))
            .start();
    channel = NettyChannelBuilder.forAddress("127.0.0.1", server.port()).usePlaintext().build();
  }

  /**
   * The shipped settings (dist binds them from configuration; this module has no defaults): the
   * stock gateway's network values and the direct executor.
   */
  public static GrpcServerConfig.Builder config() {
    return GrpcServerConfig.builder()
        .address("0.0.0.0", 26500)
        .minKeepAliveInterval(Duration.ofSeconds(30))
        .maxMessageSize(4 * 1024 * 1024)
        .executor(GrpcExecutorMode.DIRECT, 0, 64)
        .shutdownGrace(Duration.ofSeconds(30));
  }

  public GatewayGrpc.GatewayBlockingStub client() {
    return GatewayGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
  }

  public GatewayGrpc.GatewayStub asyncClient() {
    return GatewayGrpc.newStub(channel);
  }

  @Override
  public void close() throws InterruptedException {
    channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    server.close();
    services.close();
  }
}
