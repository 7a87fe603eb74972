package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.config.ApiExecutorProperties;
import io.gatefork.gateway.app.config.GateforkProperties;
import io.gatefork.gateway.app.config.LegacyApiExecutorKeys;
import io.gatefork.gateway.app.config.LongPollingProperties;
import io.gatefork.gateway.app.config.NetworkProperties;
import io.gatefork.gateway.grpc.server.GrpcExecutorMode;
import io.gatefork.gateway.grpc.server.GrpcServerConfig;
import io.gatefork.gateway.grpc.server.GrpcTlsConfig;
import io.gatefork.service.executor.ApiExecutorConfig;
import io.gatefork.service.executor.ApiExecutorStrategy;
import io.gatefork.service.job.LongPollingConfig;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * The settings the modules get from the bound records: the shipped defaults (which live only in the
 * records), the stock key names and environment variables, and the legacy executor keys.
 */
class ConfigurationBindingTest {

  /** An environment of application properties and environment variables, as Spring Boot's. */
  private static StandardEnvironment environment(
      final Map<String, Object> properties, final Map<String, Object> variables) {
    final var environment = new StandardEnvironment();
    final var sources = environment.getPropertySources();
    sources.remove(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
    sources.remove(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME);
    sources.addFirst(
        new SystemEnvironmentPropertySource(
            StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
    sources.addLast(new MapPropertySource("application.yaml", properties));
    new LegacyApiExecutorKeys().postProcessEnvironment(environment, null);
    return environment;
  }

  private static <T> T bind(
      final StandardEnvironment environment, final String prefix, final Class<T> type) {
    return Binder.get(environment).bindOrCreate(prefix, Bindable.of(type));
  }

  private static ApiExecutorConfig executor(final StandardEnvironment environment) {
    return SettingsMapper.apiExecutorConfig(
        bind(environment, "camunda.api.rest.executor", ApiExecutorProperties.class),
        bind(environment, "gatefork", GateforkProperties.class));
  }

  private static LongPollingConfig longPolling(final StandardEnvironment environment) {
    return SettingsMapper.longPollingConfig(
        bind(environment, "zeebe.gateway.long-polling", LongPollingProperties.class),
        bind(environment, "gatefork", GateforkProperties.class));
  }

  private static GrpcServerConfig grpc(final StandardEnvironment environment) {
    return SettingsMapper.grpcServerConfig(
        bind(environment, "zeebe.gateway.network", NetworkProperties.class),
        bind(environment, "gatefork", GateforkProperties.class),
        GrpcTlsConfig.disabled());
  }

  @Test
  void unconfiguredApiExecutorIsDedicatedWithEightThreadsPerCpuAndAQueueOf64() {
    assertThat(executor(environment(Map.of(), Map.of())))
        .isEqualTo(
            new ApiExecutorConfig(1, 8, Duration.ofSeconds(60), 64, ApiExecutorStrategy.DEDICATED));
  }

  @Test
  void theOverloadAgeBoundsDefaultTo250msInFlightAnd150msWaitingAndTakeTheirKeys() {
    final var unconfigured =
        SettingsMapper.overloadConfig(
            bind(environment(Map.of(), Map.of()), "gatefork", GateforkProperties.class));
    assertThat(unconfigured.latencyThreshold()).isEqualTo(Duration.ofMillis(250));
    assertThat(unconfigured.waitThreshold()).isEqualTo(Duration.ofMillis(150));
    final var configured =
        SettingsMapper.overloadConfig(
            bind(
                environment(
                    Map.of("gatefork.overload.wait-threshold", "80ms"),
                    Map.of("GATEFORK_OVERLOAD_LATENCYTHRESHOLD", "1s")),
                "gatefork",
                GateforkProperties.class));
    assertThat(configured.latencyThreshold()).isEqualTo(Duration.ofSeconds(1));
    assertThat(configured.waitThreshold()).isEqualTo(Duration.ofMillis(80));
  }

  @Test
  void unconfiguredLongPollingWaitsTenSecondsForAtMostTenThousandRequests() {
    assertThat(longPolling(environment(Map.of(), Map.of())))
        .isEqualTo(
            new LongPollingConfig(
                true,
                Duration.ofSeconds(10),
                10_000,
                Duration.ofHours(1),
                0,
                Duration.ofSeconds(10)));
  }

  @Test
  void aNewJobStreamCatchesUpOn32JobsUnlessSwitchedOff() {
    assertThat(
            bind(environment(Map.of(), Map.of()), "gatefork", GateforkProperties.class)
                .jobs()
                .streamCatchUpJobs())
        .isEqualTo(32);
    assertThat(
            bind(
                    environment(Map.of(), Map.of("GATEFORK_JOBS_STREAMCATCHUPJOBS", "0")),
                    "gatefork",
                    GateforkProperties.class)
                .jobs()
                .streamCatchUpJobs())
        .isZero();
  }

  @Test
  void unconfiguredGrpcServerHasTheStockNetworkSettingsAndTheDirectExecutor() {
    final var grpc = grpc(environment(Map.of(), Map.of()));

    assertThat(grpc.host()).isEqualTo("0.0.0.0");
    assertThat(grpc.port()).isEqualTo(26500);
    assertThat(grpc.minKeepAliveInterval()).isEqualTo(Duration.ofSeconds(30));
    assertThat(grpc.maxMessageSize()).isEqualTo(4 * 1024 * 1024);
    assertThat(grpc.executorMode()).isEqualTo(GrpcExecutorMode.DIRECT);
    assertThat(grpc.effectivePoolThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
    assertThat(grpc.poolQueueCapacity()).isEqualTo(64);
    assertThat(grpc.shutdownGrace()).isEqualTo(Duration.ofSeconds(30));
    assertThat(grpc.maxConnectionAge()).isEqualTo(Duration.ofMinutes(5));
    assertThat(grpc.maxConnectionAgeGrace()).isZero();
    assertThat(grpc.maxConcurrentCallsPerConnection()).isEqualTo(1_000);
    assertThat(grpc.maxRstFramesPerWindow()).isEqualTo(1_000);
    assertThat(grpc.rstFramesWindow()).isEqualTo(Duration.ofSeconds(10));
    assertThat(grpc.maxConnectionsPerAddress()).isEqualTo(4_096);
  }

  @Test
  void stockEnvironmentVariablesSetLongPollingAndTheMessageSize() {
    final var environment =
        environment(
            Map.of(),
            Map.of(
                "ZEEBE_GATEWAY_LONGPOLLING_ENABLED", "false",
                // stock documents the timeout in milliseconds, without a unit
                "ZEEBE_GATEWAY_LONGPOLLING_TIMEOUT", "5000",
                "ZEEBE_GATEWAY_LONGPOLLING_PROBETIMEOUT", "2000",
                "ZEEBE_GATEWAY_NETWORK_MAXMESSAGESIZE", "8MB"));

    assertThat(longPolling(environment))
        .isEqualTo(
            new LongPollingConfig(
                false,
                Duration.ofSeconds(5),
                10_000,
                Duration.ofHours(1),
                0,
                Duration.ofSeconds(2)));
    assertThat(grpc(environment).maxMessageSize()).isEqualTo(8 * 1024 * 1024);
  }

  @Test
  void stockCamelCaseKeysBindAsWellAsKebabCase() {
    final var environment =
        environment(
            Map.of(
                "zeebe.gateway.longPolling.timeout", "20s",
                "zeebe.gateway.network.maxMessageSize", "1MB"),
            Map.of());

    assertThat(longPolling(environment).defaultTimeout()).isEqualTo(Duration.ofSeconds(20));
    assertThat(grpc(environment).maxMessageSize()).isEqualTo(1024 * 1024);
  }

  @Test
  void gateforkSwitchesAcceptTheirValuesInAnySpelling() {
    for (final String value : new String[] {"common-pool", "COMMON_POOL", "common_pool"}) {
      assertThat(
              executor(environment(Map.of("gatefork.api.executor-strategy", value), Map.of()))
                  .strategy())
          .as(value)
          .isEqualTo(ApiExecutorStrategy.COMMON_POOL);
    }
    final var environment =
        environment(
            Map.of(),
            Map.of(
                "GATEFORK_GRPC_EXECUTORMODE", "pooled",
                "GATEFORK_GRPC_POOLTHREADS", "3",
                "GATEFORK_LONGPOLLING_MAXPARKEDREQUESTS", "7",
                "GATEFORK_LONGPOLLING_MAXPARKEDPERCALLER", "3"));

    assertThat(grpc(environment).executorMode()).isEqualTo(GrpcExecutorMode.POOLED);
    assertThat(grpc(environment).poolThreads()).isEqualTo(3);
    assertThat(longPolling(environment).maxParkedRequests()).isEqualTo(7);
    assertThat(longPolling(environment).callerShare()).isEqualTo(3);
  }

  @Test
  void legacyExecutorKeysApplyWhenTheUnifiedOnesAreUnset() {
    final var environment =
        environment(
            Map.of(
                "camunda.rest.apiExecutor.corePoolSizeMultiplier", "2",
                "camunda.rest.apiExecutor.keepAliveSeconds", "30"),
            Map.of("CAMUNDA_REST_APIEXECUTOR_QUEUECAPACITY", "16"));

    assertThat(executor(environment))
        .isEqualTo(
            new ApiExecutorConfig(2, 8, Duration.ofSeconds(30), 16, ApiExecutorStrategy.DEDICATED));
  }

  @Test
  void unifiedExecutorKeysWinOverTheLegacyOnesWhereverEitherIsSet() {
    // the legacy key in an environment variable, the unified one in a file: unified still wins
    final var environment =
        environment(
            Map.of(
                "camunda.api.rest.executor.queue-capacity", "32",
                "camunda.api.rest.executor.max-pool-size-multiplier", "4"),
            Map.of(
                "CAMUNDA_REST_APIEXECUTOR_QUEUECAPACITY", "16",
                "CAMUNDA_REST_APIEXECUTOR_COREPOOLSIZEMULTIPLIER", "3"));

    final var executor = executor(environment);

    assertThat(executor.queueCapacity()).isEqualTo(32);
    assertThat(executor.maxPoolSizeMultiplier()).isEqualTo(4);
    assertThat(executor.corePoolSizeMultiplier()).isEqualTo(3);
  }
}
