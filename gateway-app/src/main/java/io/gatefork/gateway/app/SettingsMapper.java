package io.gatefork.gateway.app;

import io.gatefork.broker.client.BrokerClientConfig;
import io.gatefork.gateway.app.config.ApiExecutorProperties;
import io.gatefork.gateway.app.config.ClusterProperties;
import io.gatefork.gateway.app.config.GateforkProperties;
import io.gatefork.gateway.app.config.LongPollingProperties;
import io.gatefork.gateway.app.config.NetworkProperties;
import io.gatefork.gateway.app.config.UnifiedClusterProperties;
import io.gatefork.gateway.grpc.server.GrpcServerConfig;
import io.gatefork.gateway.grpc.server.GrpcTlsConfig;
import io.gatefork.service.executor.ApiExecutorConfig;
import io.gatefork.service.job.LongPollingConfig;
import io.gatefork.service.job.RestActivationConfig;
import io.gatefork.service.overload.OverloadConfig;
import java.util.List;

/**
 * Resolves the bound configuration into the modules' plain settings: the 8.8 unified keys win over
 * the legacy keys, which win over the defaults (as in the stock 8.8 gateway). The defaults are the
 * bound records'; the modules have none of their own.
 */
public final class SettingsMapper {
  private SettingsMapper() {}

  public static BrokerClientConfig brokerClientConfig(
      final ClusterProperties cluster,
      final UnifiedClusterProperties unified,
      final GateforkProperties gatefork) {
    final var network = unified.network();
    final var internal = network == null ? null : network.internalApi();
    final List<String> contactPoints =
        unified.initialContactPoints() != null && !unified.initialContactPoints().isEmpty()
            ? unified.initialContactPoints()
            : cluster.initialContactPoints();
    final String advertisedHost =
        first(
            internal == null ? null : internal.advertisedHost(),
            network == null ? null : network.advertisedHost(),
            cluster.advertisedHost());
    final Integer advertisedPort =
        first(internal == null ? null : internal.advertisedPort(), cluster.advertisedPort());
    final String host = first(internal == null ? null : internal.host(), cluster.host());
    final Integer port = first(internal == null ? null : internal.port(), cluster.port());
    return BrokerClientConfig.builder()
        .clusterName(first(unified.name(), cluster.clusterName()))
        .memberId(cluster.memberId())
        .host(host)
        .port(port)
        .advertisedHost(advertisedHost)
        .advertisedPort(advertisedPort == null ? 0 : advertisedPort)
        .initialContactPoints(
            contactPoints.stream().map(String::trim).filter(s -> !s.isEmpty()).toList())
        .requestTimeout(cluster.requestTimeout())
        .membership(cluster.membership().toConfig())
        .resourceExhaustedRetry(gatefork.retry().resourceExhausted())
        .build();
  }

  public static ApiExecutorConfig apiExecutorConfig(
      final ApiExecutorProperties executor, final GateforkProperties gatefork) {
    return new ApiExecutorConfig(
        executor.corePoolSizeMultiplier(),
        executor.maxPoolSizeMultiplier(),
        executor.keepAlive(),
        executor.queueCapacity(),
        gatefork.api().executorStrategy());
  }

  public static LongPollingConfig longPollingConfig(
      final LongPollingProperties longPolling, final GateforkProperties gatefork) {
    return new LongPollingConfig(
        longPolling.enabled(),
        longPolling.timeout(),
        gatefork.longPolling().maxParkedRequests(),
        gatefork.longPolling().maxRequestTimeout(),
        gatefork.longPolling().maxParkedPerCaller(),
        longPolling.probeTimeout());
  }

  public static OverloadConfig overloadConfig(final GateforkProperties gatefork) {
    final var overload = gatefork.overload();
    return new OverloadConfig(
        overload.algorithm(),
        overload.initialLimit(),
        overload.minLimit(),
        overload.maxLimit(),
        overload.latencyThreshold(),
        overload.waitThreshold(),
        overload.window(),
        overload.partitionBy(),
        overload.cpuTarget());
  }

  public static RestActivationConfig restActivationConfig(final GateforkProperties gatefork) {
    return new RestActivationConfig(
        gatefork.jobs().restActivation(),
        gatefork.jobs().streamIdleTimeout(),
        gatefork.jobs().streamHoldTimeout());
  }

  public static GrpcServerConfig grpcServerConfig(
      final NetworkProperties network, final GateforkProperties gatefork, final GrpcTlsConfig tls) {
    final var grpc = gatefork.grpc();
    return GrpcServerConfig.builder()
        .address(network.host(), network.port())
        .minKeepAliveInterval(network.minKeepAliveInterval())
        .maxMessageSize(network.maxMessageSizeBytes())
        .executor(grpc.executorMode(), grpc.poolThreads(), grpc.poolQueueCapacity())
        .shutdownGrace(grpc.shutdownGrace())
        .maxConnectionAge(grpc.maxConnectionAge(), grpc.maxConnectionAgeGrace())
        .perConnectionLimits(
            grpc.maxConcurrentCallsPerConnection(),
            grpc.maxRstFramesPerWindow(),
            grpc.rstFramesWindow())
        .maxConnectionsPerAddress(grpc.maxConnectionsPerAddress())
        .tls(tls)
        .build();
  }

  @SafeVarargs
  private static <T> T first(final T... values) {
    for (final T value : values) {
      if (value != null && !(value instanceof String s && s.isBlank())) {
        return value;
      }
    }
    return null;
  }
}
