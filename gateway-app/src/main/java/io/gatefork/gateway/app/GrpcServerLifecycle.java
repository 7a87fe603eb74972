package io.gatefork.gateway.app;

import io.gatefork.gateway.grpc.server.GrpcGatewayServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Starts the gRPC server with the web server and stops it in the same phase, before the broker
 * client and executor beans are destroyed, so in-flight calls can still finish.
 */
public final class GrpcServerLifecycle implements SmartLifecycle {
  private static final Logger LOG = LoggerFactory.getLogger(GrpcServerLifecycle.class);

  private final GrpcGatewayServer server;
  private volatile boolean running;

  public GrpcServerLifecycle(final GrpcGatewayServer server) {
    this.server = server;
  }

  public int port() {
    return server.port();
  }

  public boolean tlsEnabled() {
    return server.tlsEnabled();
  }

  @Override
  public void start() {
    server.start();
    running = true;
    LOG.info("gRPC gateway listening on port {}", server.port());
  }

  @Override
  public void stop() {
    running = false;
    server.close();
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  @Override
  public int getPhase() {
    // same phase as the web server's graceful shutdown
    return SmartLifecycle.DEFAULT_PHASE - 1024;
  }
}
