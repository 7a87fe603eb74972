package io.gatefork.gateway.grpc.server;

import io.gatefork.gateway.grpc.admission.AdmissionInterceptor;
import io.gatefork.gateway.grpc.auth.CallerAuthenticationInterceptor;
import io.gatefork.gateway.grpc.endpoint.GatewayEndpoint;
import io.gatefork.gateway.grpc.endpoint.GatewayServices;
import io.gatefork.gateway.grpc.metrics.GrpcServerMetricsInterceptor;
import io.gatefork.gateway.grpc.metrics.StageTimingTracerFactory;
import io.gatefork.gateway.grpc.metrics.TracingScopeInterceptor;
import io.gatefork.service.auth.CallerAuthenticator;
import io.gatefork.service.connection.ConnectionsPerAddress;
import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.EdgeConcern;
import io.gatefork.service.overload.Admission;
import io.gatefork.service.stage.RequestTracer;
import io.gatefork.service.stage.StageMetrics;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.NettySslContextServerCredentials;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.handler.ssl.SslContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gRPC gateway server on {@code zeebe.gateway.network.host:port} (stock 0.0.0.0:26500): a
 * grpc-java Netty server (the application's single Netty line, not grpc's shaded copy) serving
 * {@link GatewayEndpoint}, with gRPC server metrics and per-stage request timing.
 *
 * <p>Keep-alive and message limits are the stock gateway's. Unlike stock, a client connection runs
 * a bounded number of calls at once and may reset only so many per window ({@link
 * GrpcServerConfig#maxConcurrentCallsPerConnection()}, {@link
 * GrpcServerConfig#maxRstFramesPerWindow()}), one client address holds only so many connections
 * ({@link GrpcServerConfig#maxConnectionsPerAddress()}, {@link ConnectionsPerAddressGate}), and a
 * connection may be limited in age ({@link GrpcServerConfig#maxConnectionAge()}): the client then
 * gets a GOAWAY and opens a new connection, which a Kubernetes Service may route to another
 * gateway; calls running on the old one go on until they end, or for {@link
 * GrpcServerConfig#maxConnectionAgeGrace()} when that is set. Netty's event loops are grpc-java's
 * shared defaults (epoll when available). Where call handlers run is {@link
 * GrpcServerConfig#executorMode()}; see {@link GrpcExecutorMode} for why the default is direct.
 *
 * <p>Plain lifecycle, no framework: {@link #start()} binds, {@link #close()} stops accepting calls,
 * lets running ones (long polls) finish for {@link GrpcServerConfig#shutdownGrace()}, then cancels
 * the rest.
 */
public final class GrpcGatewayServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GrpcGatewayServer.class);

  private final GrpcServerConfig config;
  private final GatewayEndpoint endpoint;
  private final GrpcServerMetricsInterceptor metricsInterceptor;
  private final StageTimingTracerFactory stageTiming;
  private final CallerAuthenticator authenticator;
  private final Admission admission;
  private final boolean traced;
  private final SslContext sslContext;
  private final ConnectionsPerAddress connectionsPerAddress;

  private Server server;
  private ExecutorService executor;

  /**
   * @param stageMetrics the instance the REST side records on too (one per registry)
   */
  public GrpcGatewayServer(
      final GrpcServerConfig config,
      final GatewayServices services,
      final MeterRegistry meterRegistry,
      final StageMetrics stageMetrics) {
    this(
        config,
        services,
        meterRegistry,
        stageMetrics,
        CallerAuthenticator.UNPROTECTED,
        Admission.OFF,
        null);
  }

  /**
   * @param authenticator checks every call's credential when it protects the API
   * @param admission admits calls before their message is read (the instance the REST side uses)
   * @param tracer starts each call's trace span; null when tracing is off
   */
  public GrpcGatewayServer(
      final GrpcServerConfig config,
      final GatewayServices services,
      final MeterRegistry meterRegistry,
      final StageMetrics stageMetrics,
      final CallerAuthenticator authenticator,
      final Admission admission,
      final RequestTracer tracer) {
    this.authenticator = authenticator;
    this.traced = tracer != null;
    this.admission = admission;
    this.config = config;
    endpoint = new GatewayEndpoint(services, config.maxMessageSize());
    metricsInterceptor = new GrpcServerMetricsInterceptor(meterRegistry);
    stageTiming = new StageTimingTracerFactory(stageMetrics, tracer);
    // read the certificate files now: a bad path fails the application's startup
    sslContext = GrpcServerSslContexts.create(config.tls());
    connectionsPerAddress =
        config.limitsConnectionsPerAddress()
            ? new ConnectionsPerAddress(config.maxConnectionsPerAddress(), Api.GRPC, meterRegistry)
            : ConnectionsPerAddress.UNLIMITED;
  }

  /**
   * The endpoint, with request messages that cannot be parsed answered INVALID_ARGUMENT, behind an
   * interceptor per concern in use, in {@link EdgeConcern}'s order. Stage timing itself is the
   * server's stream tracer ({@link StageTimingTracerFactory}), which runs before any interceptor;
   * the tracing scope makes the request's span current for all that follow.
   */
  private ServerServiceDefinition service() {
    final Map<EdgeConcern, ServerInterceptor> concerns = new EnumMap<>(EdgeConcern.class);
    if (traced) {
      concerns.put(EdgeConcern.TIMING, new TracingScopeInterceptor());
    }
    concerns.put(EdgeConcern.SERVER_METRICS, metricsInterceptor);
    if (admission != Admission.OFF) {
      concerns.put(EdgeConcern.ADMISSION, new AdmissionInterceptor(admission, authenticator));
    }
    if (authenticator.protectsApi()) {
      concerns.put(EdgeConcern.AUTHENTICATION, new CallerAuthenticationInterceptor(authenticator));
    }
    return inEdgeOrder(UnparsableRequests.asInvalidArgument(endpoint.bindService()), concerns);
  }

  /** {@code service} behind {@code concerns}' interceptors, run in {@link EdgeConcern}'s order. */
  static ServerServiceDefinition inEdgeOrder(
      final ServerServiceDefinition service, final Map<EdgeConcern, ServerInterceptor> concerns) {
    final List<ServerInterceptor> lastFirst = new ArrayList<>(); // gRPC runs the last added first
    for (final EdgeConcern concern : EdgeConcern.values()) {
      final ServerInterceptor interceptor = concerns.get(concern);
      if (interceptor != null) {
        lastFirst.add(0, interceptor);
      }
    }
    return ServerInterceptors.intercept(service, lastFirst);
  }

  public synchronized GrpcGatewayServer start() {
    if (server != null) {
      throw new IllegalStateException("The gRPC server is already started");
    }
    final NettyServerBuilder builder =
        newBuilder(new InetSocketAddress(config.host(), config.port()))
            .maxInboundMessageSize(config.maxMessageSize())
            .permitKeepAliveTime(config.minKeepAliveInterval().toMillis(), TimeUnit.MILLISECONDS)
            .permitKeepAliveWithoutCalls(false)
            .addStreamTracerFactory(stageTiming)
            .addService(service());
    switch (config.executorMode()) {
      case DIRECT -> builder.directExecutor();
      case POOLED -> {
        executor = GrpcExecutors.pooled(config.effectivePoolThreads(), config.poolQueueCapacity());
        builder.executor(executor);
      }
    }
    if (config.limitsConnectionAge()) {
      // grpc-java jitters the age by +-10% so that a fleet's connections do not reconnect at once
      builder.maxConnectionAge(config.maxConnectionAge().toNanos(), TimeUnit.NANOSECONDS);
      if (config.limitsConnectionAgeGrace()) {
        builder.maxConnectionAgeGrace(
            config.maxConnectionAgeGrace().toNanos(), TimeUnit.NANOSECONDS);
      }
      // else grpc-java's default: the calls running at the GOAWAY go on until they end. Only job
      // streams run longer than a long poll, and cutting one costs its worker a reopen delay
      // that the Java client lets grow to 5 s and never shrinks (see docs/job-streaming.md)
    }
    if (config.maxConcurrentCallsPerConnection() > 0) {
      // HTTP/2 MAX_CONCURRENT_STREAMS: a client queues further calls, one that ignores it is
      // refused
      builder.maxConcurrentCallsPerConnection(config.maxConcurrentCallsPerConnection());
    }
    if (config.maxRstFramesPerWindow() > 0) {
      // HTTP/2 rapid reset: a connection that cancels calls faster than this is closed
      builder.maxRstFramesPerWindow(
          config.maxRstFramesPerWindow(), (int) config.rstFramesWindow().toSeconds());
    }
    final Server built = builder.build();
    try {
      built.start();
    } catch (final IOException e) {
      shutdownExecutor();
      throw new UncheckedIOException(
          "Failed to bind the gRPC server to %s:%d".formatted(config.host(), config.port()), e);
    }
    server = built;
    LOG.info(
        "gRPC gateway listening on {}:{} (executor {})",
        config.host(),
        built.getPort(),
        config.executorMode());
    return this;
  }

  /**
   * A builder for the address with plaintext or TLS, behind the gate of the connections per address
   * when they are limited.
   */
  private NettyServerBuilder newBuilder(final InetSocketAddress address) {
    if (connectionsPerAddress.limits()) {
      final ServerCredentials credentials =
          sslContext == null
              ? InsecureServerCredentials.create()
              : NettySslContextServerCredentials.create(sslContext);
      return NettyServerBuilder.forAddress(
          address, ConnectionsPerAddressGate.around(credentials, connectionsPerAddress));
    }
    final NettyServerBuilder builder = NettyServerBuilder.forAddress(address);
    return sslContext == null ? builder : builder.sslContext(sslContext);
  }

  /** Connections per remote address, as counted now (for tests). */
  ConnectionsPerAddress connectionsPerAddress() {
    return connectionsPerAddress;
  }

  /** The bound port (the ephemeral one when configured with port 0); -1 before start. */
  public synchronized int port() {
    return server != null ? server.getPort() : -1;
  }

  /** Whether clients must connect with TLS. */
  public boolean tlsEnabled() {
    return sslContext != null;
  }

  @Override
  public synchronized void close() {
    if (server == null) {
      return;
    }
    server.shutdown();
    // job streams never end on their own: end them, or they would hold the shutdown
    endpoint.closeJobStreams();
    try {
      if (!server.awaitTermination(config.shutdownGrace().toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.warn("gRPC calls still running after {}, cancelling them", config.shutdownGrace());
        server.shutdownNow();
        server.awaitTermination(5, TimeUnit.SECONDS);
      }
    } catch (final InterruptedException e) {
      server.shutdownNow();
      Thread.currentThread().interrupt();
    } finally {
      server = null;
      shutdownExecutor();
    }
  }

  private void shutdownExecutor() {
    if (executor != null) {
      executor.shutdown();
      executor = null;
    }
  }
}
