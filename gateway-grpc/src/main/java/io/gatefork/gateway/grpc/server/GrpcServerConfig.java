package io.gatefork.gateway.grpc.server;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the gRPC server. The first four mirror the stock gateway's
 * {@code zeebe.gateway.network.*} keys and defaults; the executor settings are gatefork's.
 *
 * @param host {@code zeebe.gateway.network.host}
 * @param port {@code zeebe.gateway.network.port}; 0 binds an ephemeral port (tests)
 * @param minKeepAliveInterval {@code zeebe.gateway.network.minKeepAliveInterval}: clients that
 *     ping more often than this are disconnected (stock: permitKeepAliveTime)
 * @param maxMessageSize {@code zeebe.gateway.network.maxMessageSize} in bytes: the largest
 *     inbound message, and the size at which activated jobs are split into several responses
 * @param executorMode where call handlers run, see {@link GrpcExecutorMode}
 * @param poolThreads threads of the {@link GrpcExecutorMode#POOLED} executor; 0 = available
 *     processors (the CPU quota inside a container)
 * @param poolQueueCapacity queue of the {@link GrpcExecutorMode#POOLED} executor
 * @param shutdownGrace how long {@link GrpcGatewayServer#close()} lets running calls (long polls)
 *     finish before cancelling them
 * @param tls TLS of the server ({@code zeebe.gateway.security.*}); off by default
 */
public record GrpcServerConfig(
    String host,
    int port,
    Duration minKeepAliveInterval,
    int maxMessageSize,
    GrpcExecutorMode executorMode,
    int poolThreads,
    int poolQueueCapacity,
    Duration shutdownGrace,
    GrpcTlsConfig tls) {

  public static final String DEFAULT_HOST = "0.0.0.0";
  public static final int DEFAULT_PORT = 26500;
  public static final Duration DEFAULT_MIN_KEEP_ALIVE_INTERVAL = Duration.ofSeconds(30);
  public static final int DEFAULT_MAX_MESSAGE_SIZE = 4 * 1024 * 1024;
  public static final int DEFAULT_POOL_QUEUE_CAPACITY = 64;
  public static final Duration DEFAULT_SHUTDOWN_GRACE = Duration.ofSeconds(30);

  public GrpcServerConfig {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(minKeepAliveInterval, "minKeepAliveInterval");
    Objects.requireNonNull(executorMode, "executorMode");
    Objects.requireNonNull(shutdownGrace, "shutdownGrace");
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be within 0..65535, but was " + port);
    }
    if (minKeepAliveInterval.isNegative() || minKeepAliveInterval.isZero()) {
      throw new IllegalArgumentException(
          "minKeepAliveInterval must be positive, but was " + minKeepAliveInterval);
    }
    if (maxMessageSize <= 0) {
      throw new IllegalArgumentException(
          "maxMessageSize must be positive, but was " + maxMessageSize);
    }
    if (poolThreads < 0) {
      throw new IllegalArgumentException("poolThreads must be >= 0, but was " + poolThreads);
    }
    if (poolQueueCapacity <= 0) {
      throw new IllegalArgumentException(
          "poolQueueCapacity must be positive, but was " + poolQueueCapacity);
    }
    if (shutdownGrace.isNegative()) {
      throw new IllegalArgumentException("shutdownGrace must not be negative");
    }
    tls = tls == null ? GrpcTlsConfig.disabled() : tls;
  }

  /** Plaintext; the shape before TLS existed. */
  public GrpcServerConfig(
      final String host,
      final int port,
      final Duration minKeepAliveInterval,
      final int maxMessageSize,
      final GrpcExecutorMode executorMode,
      final int poolThreads,
      final int poolQueueCapacity,
      final Duration shutdownGrace) {
    this(host, port, minKeepAliveInterval, maxMessageSize, executorMode, poolThreads,
        poolQueueCapacity, shutdownGrace, null);
  }

  /** The stock gateway's defaults, with the {@link GrpcExecutorMode#DIRECT} executor. */
  public static GrpcServerConfig defaults() {
    return new GrpcServerConfig(
        DEFAULT_HOST,
        DEFAULT_PORT,
        DEFAULT_MIN_KEEP_ALIVE_INTERVAL,
        DEFAULT_MAX_MESSAGE_SIZE,
        GrpcExecutorMode.DIRECT,
        0,
        DEFAULT_POOL_QUEUE_CAPACITY,
        DEFAULT_SHUTDOWN_GRACE);
  }

  public GrpcServerConfig withAddress(final String host, final int port) {
    return new GrpcServerConfig(
        host, port, minKeepAliveInterval, maxMessageSize, executorMode, poolThreads,
        poolQueueCapacity, shutdownGrace, tls);
  }

  public GrpcServerConfig withMaxMessageSize(final int maxMessageSize) {
    return new GrpcServerConfig(
        host, port, minKeepAliveInterval, maxMessageSize, executorMode, poolThreads,
        poolQueueCapacity, shutdownGrace, tls);
  }

  public GrpcServerConfig withExecutor(
      final GrpcExecutorMode executorMode, final int poolThreads, final int poolQueueCapacity) {
    return new GrpcServerConfig(
        host, port, minKeepAliveInterval, maxMessageSize, executorMode, poolThreads,
        poolQueueCapacity, shutdownGrace, tls);
  }

  public GrpcServerConfig withShutdownGrace(final Duration shutdownGrace) {
    return new GrpcServerConfig(
        host, port, minKeepAliveInterval, maxMessageSize, executorMode, poolThreads,
        poolQueueCapacity, shutdownGrace, tls);
  }

  public GrpcServerConfig withTls(final GrpcTlsConfig tls) {
    return new GrpcServerConfig(
        host, port, minKeepAliveInterval, maxMessageSize, executorMode, poolThreads,
        poolQueueCapacity, shutdownGrace, tls);
  }

  /** Threads of the pooled executor after resolving 0 to the CPU quota. */
  public int effectivePoolThreads() {
    return poolThreads > 0 ? poolThreads : Runtime.getRuntime().availableProcessors();
  }
}
