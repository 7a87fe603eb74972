package io.gatefork.gateway.grpc.server;

import java.time.Duration;
import java.util.Objects;

/**
 * Settings of the gRPC server, built with {@link #builder()}. Every value but TLS is required: the
 * defaults live with the configuration keys in {@code dist} ({@code zeebe.gateway.network.*}, as
 * the stock gateway's, and {@code gatefork.grpc.*}), not here.
 *
 * @param host {@code zeebe.gateway.network.host}
 * @param port {@code zeebe.gateway.network.port}; 0 binds an ephemeral port (tests)
 * @param minKeepAliveInterval {@code zeebe.gateway.network.minKeepAliveInterval}: clients that ping
 *     more often than this are disconnected (stock: permitKeepAliveTime)
 * @param maxMessageSize {@code zeebe.gateway.network.maxMessageSize} in bytes: the largest inbound
 *     message, and the size at which activated jobs are split into several responses
 * @param executorMode where call handlers run, see {@link GrpcExecutorMode}
 * @param poolThreads threads of the {@link GrpcExecutorMode#POOLED} executor; 0 = available
 *     processors (the CPU quota inside a container)
 * @param poolQueueCapacity queue of the {@link GrpcExecutorMode#POOLED} executor
 * @param shutdownGrace how long {@link GrpcGatewayServer#close()} lets running calls (long polls)
 *     finish before cancelling them
 * @param maxConnectionAge how long a client connection serves new calls before the server asks the
 *     client (GOAWAY) to connect anew, so that new gateways behind a load balancer get clients; 0
 *     keeps connections for as long as the client does (stock)
 * @param maxConnectionAgeGrace how long calls running when the GOAWAY goes out (long polls, job
 *     streams) may go on before the connection is closed and they are cancelled; 0: until they end
 *     (grpc-java's default), so a job stream keeps its connection
 * @param maxConcurrentCallsPerConnection calls one client connection runs at once (HTTP/2 {@code
 *     MAX_CONCURRENT_STREAMS}); a client holds further calls until one ends; 0: no limit
 * @param maxRstFramesPerWindow RST_STREAM frames a client connection may send per {@code
 *     rstFramesWindow} before the server closes it (HTTP/2 rapid reset); 0: no limit
 * @param rstFramesWindow the window of {@code maxRstFramesPerWindow}, whole seconds
 * @param maxConnectionsPerAddress connections one client address may hold open at once; another one
 *     is closed as soon as it is accepted; negative: no limit (0 is refused: it would be ambiguous
 *     beside the REST key, where 0 is a default)
 * @param tls TLS of the server ({@code zeebe.gateway.security.*}); null means plaintext
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
    Duration maxConnectionAge,
    Duration maxConnectionAgeGrace,
    int maxConcurrentCallsPerConnection,
    int maxRstFramesPerWindow,
    Duration rstFramesWindow,
    int maxConnectionsPerAddress,
    GrpcTlsConfig tls) {

  public GrpcServerConfig {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(minKeepAliveInterval, "minKeepAliveInterval");
    Objects.requireNonNull(executorMode, "executorMode");
    Objects.requireNonNull(shutdownGrace, "shutdownGrace");
    Objects.requireNonNull(maxConnectionAge, "maxConnectionAge");
    Objects.requireNonNull(maxConnectionAgeGrace, "maxConnectionAgeGrace");
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
    if (maxConnectionAge.isNegative() || maxConnectionAgeGrace.isNegative()) {
      throw new IllegalArgumentException(
          "maxConnectionAge and maxConnectionAgeGrace must not be negative");
    }
    Objects.requireNonNull(rstFramesWindow, "rstFramesWindow");
    if (maxConcurrentCallsPerConnection < 0 || maxRstFramesPerWindow < 0) {
      throw new IllegalArgumentException(
          "maxConcurrentCallsPerConnection and maxRstFramesPerWindow must not be negative");
    }
    if (maxRstFramesPerWindow > 0 && rstFramesWindow.toSeconds() < 1) {
      throw new IllegalArgumentException(
          "rstFramesWindow must be at least 1s, but was " + rstFramesWindow);
    }
    if (maxConnectionsPerAddress == 0) {
      throw new IllegalArgumentException(
          "maxConnectionsPerAddress must be positive, or negative for no limit, but was 0");
    }
    tls = tls == null ? GrpcTlsConfig.disabled() : tls;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these settings, to change some of them. */
  public Builder toBuilder() {
    return new Builder()
        .address(host, port)
        .minKeepAliveInterval(minKeepAliveInterval)
        .maxMessageSize(maxMessageSize)
        .executor(executorMode, poolThreads, poolQueueCapacity)
        .shutdownGrace(shutdownGrace)
        .maxConnectionAge(maxConnectionAge, maxConnectionAgeGrace)
        .perConnectionLimits(
            maxConcurrentCallsPerConnection, maxRstFramesPerWindow, rstFramesWindow)
        .maxConnectionsPerAddress(maxConnectionsPerAddress)
        .tls(tls);
  }

  /** Whether connections are closed after {@link #maxConnectionAge()}. */
  public boolean limitsConnectionAge() {
    return !maxConnectionAge.isZero();
  }

  /** Whether the calls running at a connection's GOAWAY are cut after a grace. */
  public boolean limitsConnectionAgeGrace() {
    return !maxConnectionAgeGrace.isZero();
  }

  /** Whether the connections of one client address are limited. */
  public boolean limitsConnectionsPerAddress() {
    return maxConnectionsPerAddress > 0;
  }

  /** Threads of the pooled executor after resolving 0 to the CPU quota. */
  public int effectivePoolThreads() {
    return poolThreads > 0 ? poolThreads : Runtime.getRuntime().availableProcessors();
  }

  /** Collects the settings; {@link #build()} refuses any that was not given (TLS aside). */
  public static final class Builder {
    private String host;
    private Integer port;
    private Duration minKeepAliveInterval;
    private Integer maxMessageSize;
    private GrpcExecutorMode executorMode;
    private Integer poolThreads;
    private Integer poolQueueCapacity;
    private Duration shutdownGrace;
    private Duration maxConnectionAge;
    private Duration maxConnectionAgeGrace;
    private Integer maxConcurrentCallsPerConnection;
    private Integer maxRstFramesPerWindow;
    private Duration rstFramesWindow;
    private Integer maxConnectionsPerAddress;
    private GrpcTlsConfig tls;

    private Builder() {}

    public Builder address(final String host, final int port) {
      this.host = host;
      this.port = port;
      return this;
    }

    public Builder minKeepAliveInterval(final Duration minKeepAliveInterval) {
      this.minKeepAliveInterval = minKeepAliveInterval;
      return this;
    }

    public Builder maxMessageSize(final int maxMessageSize) {
      this.maxMessageSize = maxMessageSize;
      return this;
    }

    /** The executor mode with the pool's sizing (used by {@link GrpcExecutorMode#POOLED} only). */
    public Builder executor(
        final GrpcExecutorMode executorMode, final int poolThreads, final int poolQueueCapacity) {
      this.executorMode = executorMode;
      this.poolThreads = poolThreads;
      this.poolQueueCapacity = poolQueueCapacity;
      return this;
    }

    public Builder shutdownGrace(final Duration shutdownGrace) {
      this.shutdownGrace = shutdownGrace;
      return this;
    }

    /** The connection age limit (0 = none) with the grace of the calls running at its end. */
    public Builder maxConnectionAge(final Duration age, final Duration grace) {
      this.maxConnectionAge = age;
      this.maxConnectionAgeGrace = grace;
      return this;
    }

    /** Calls at once and RST_STREAM frames per window of one client connection (0 = no limit). */
    public Builder perConnectionLimits(
        final int maxConcurrentCalls, final int maxRstFrames, final Duration rstWindow) {
      this.maxConcurrentCallsPerConnection = maxConcurrentCalls;
      this.maxRstFramesPerWindow = maxRstFrames;
      this.rstFramesWindow = rstWindow;
      return this;
    }

    /** Connections one client address may hold open at once (negative = no limit). */
    public Builder maxConnectionsPerAddress(final int maxConnectionsPerAddress) {
      this.maxConnectionsPerAddress = maxConnectionsPerAddress;
      return this;
    }

    public Builder tls(final GrpcTlsConfig tls) {
      this.tls = tls;
      return this;
    }

    public GrpcServerConfig build() {
      return new GrpcServerConfig(
          host,
          required(port, "port"),
          minKeepAliveInterval,
          required(maxMessageSize, "maxMessageSize"),
          executorMode,
          required(poolThreads, "poolThreads"),
          required(poolQueueCapacity, "poolQueueCapacity"),
          shutdownGrace,
          maxConnectionAge,
          maxConnectionAgeGrace,
          required(maxConcurrentCallsPerConnection, "maxConcurrentCallsPerConnection"),
          required(maxRstFramesPerWindow, "maxRstFramesPerWindow"),
          rstFramesWindow,
          required(maxConnectionsPerAddress, "maxConnectionsPerAddress"),
          tls);
    }

    private static int required(final Integer value, final String name) {
      return Objects.requireNonNull(value, name);
    }
  }
}
