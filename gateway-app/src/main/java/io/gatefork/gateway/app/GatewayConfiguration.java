package io.gatefork.gateway.app;

import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.cluster.ClusterBrokerClient;
import io.gatefork.gateway.app.config.ApiExecutorProperties;
import io.gatefork.gateway.app.config.ClusterProperties;
import io.gatefork.gateway.app.config.ClusterSecurityProperties;
import io.gatefork.gateway.app.config.GateforkProperties;
import io.gatefork.gateway.app.config.GrpcSecurityProperties;
import io.gatefork.gateway.app.config.LongPollingProperties;
import io.gatefork.gateway.app.config.NetworkProperties;
import io.gatefork.gateway.app.config.UnifiedClusterProperties;
import io.gatefork.gateway.app.config.UnifiedClusterTlsProperties;
import io.gatefork.gateway.app.config.UnifiedGrpcSslProperties;
import io.gatefork.gateway.grpc.endpoint.GatewayServices;
import io.gatefork.gateway.grpc.server.GrpcGatewayServer;
import io.gatefork.service.adhocsubprocess.BrokerAdHocSubProcessServices;
import io.gatefork.service.auth.CallerAuthenticator;
import io.gatefork.service.batchoperation.BrokerBatchOperationServices;
import io.gatefork.service.clock.BrokerClockServices;
import io.gatefork.service.decision.BrokerDecisionServices;
import io.gatefork.service.deployment.BrokerDeploymentServices;
import io.gatefork.service.executor.ApiExecutor;
import io.gatefork.service.identity.BrokerAuthorizationServices;
import io.gatefork.service.identity.BrokerGroupServices;
import io.gatefork.service.identity.BrokerMappingRuleServices;
import io.gatefork.service.identity.BrokerRoleServices;
import io.gatefork.service.identity.BrokerTenantServices;
import io.gatefork.service.identity.BrokerUserServices;
import io.gatefork.service.identity.PasswordHasher;
import io.gatefork.service.incident.BrokerIncidentServices;
import io.gatefork.service.job.BrokerJobServices;
import io.gatefork.service.job.BrokerJobStreamServices;
import io.gatefork.service.message.BrokerMessageServices;
import io.gatefork.service.overload.AdaptiveAdmission;
import io.gatefork.service.overload.Admission;
import io.gatefork.service.processinstance.BrokerProcessInstanceServices;
import io.gatefork.service.resource.BrokerResourceServices;
import io.gatefork.service.signal.BrokerSignalServices;
import io.gatefork.service.stage.RequestTracer;
import io.gatefork.service.stage.StageMetrics;
import io.gatefork.service.topology.BrokerTopologyServices;
import io.gatefork.service.usertask.BrokerUserTaskServices;
import io.gatefork.service.variable.BrokerVariableServices;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.context.annotation.Bean;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

/**
 * Wires one request path for both front ends: broker client, API executor, the services, and the
 * gRPC server (the REST controllers come with the gateway-rest module's configuration). An
 * auto-configuration, so that each bean gives way to one of its type that an application (or a
 * test) defines itself, as Spring Boot's own do.
 */
@AutoConfiguration
public class GatewayConfiguration {

  /**
   * An embedded broker in this JVM (dev profile, tests) is started first: {@link
   * EmbeddedBrokerOrdering} makes this bean depend on it.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public BrokerClient brokerClient(
      final ClusterProperties cluster,
      final UnifiedClusterProperties unified,
      final GateforkProperties gatefork,
      final MeterRegistry registry,
      final ClusterSecurityProperties clusterSecurity,
      final UnifiedClusterTlsProperties unifiedClusterTls) {
    return ClusterBrokerClient.start(
        SettingsMapper.brokerClientConfig(cluster, unified, gatefork).toBuilder()
            .security(TlsSettings.cluster(clusterSecurity, unifiedClusterTls))
            .build(),
        registry);
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public ApiExecutor apiExecutor(
      final ApiExecutorProperties executor,
      final GateforkProperties gatefork,
      final MeterRegistry registry) {
    return new ApiExecutor(SettingsMapper.apiExecutorConfig(executor, gatefork), registry);
  }

  /** One admission for both APIs: they share the gateway's CPU. */
  @Bean
  @ConditionalOnMissingBean
  public Admission admission(final GateforkProperties gatefork, final MeterRegistry registry) {
    return switch (gatefork.overload().limit()) {
      case ADAPTIVE -> new AdaptiveAdmission(SettingsMapper.overloadConfig(gatefork), registry);
      case OFF -> Admission.OFF;
    };
  }

  @Bean
  @ConditionalOnMissingBean
  public StageMetrics stageMetrics(final MeterRegistry registry) {
    return new StageMetrics(registry);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerTopologyServices topologyServices(final BrokerClient client) {
    return new BrokerTopologyServices(client);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerDeploymentServices deploymentServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerDeploymentServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerProcessInstanceServices processInstanceServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerProcessInstanceServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerMessageServices messageServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerMessageServices(client, executor);
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public BrokerJobServices jobServices(
      final BrokerClient client,
      final ApiExecutor executor,
      final LongPollingProperties longPolling,
      final GateforkProperties gatefork,
      final MeterRegistry registry) {
    return new BrokerJobServices(
        client,
        executor,
        SettingsMapper.longPollingConfig(longPolling, gatefork),
        SettingsMapper.restActivationConfig(gatefork),
        registry);
  }

  @Bean
  @ConditionalOnMissingBean
  public LongPollDrainLifecycle longPollDrain(
      final BrokerJobServices jobServices, final ApplicationAvailability availability) {
    return new LongPollDrainLifecycle(jobServices, availability);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerJobStreamServices jobStreamServices(
      final BrokerClient client,
      final ApiExecutor executor,
      final BrokerJobServices jobServices,
      final GateforkProperties gatefork) {
    return new BrokerJobStreamServices(
        client.jobStreams(), executor, jobServices, gatefork.jobs().streamCatchUpJobs());
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerSignalServices signalServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerSignalServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerVariableServices variableServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerVariableServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerIncidentServices incidentServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerIncidentServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerDecisionServices decisionServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerDecisionServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerResourceServices resourceServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerResourceServices(client, executor);
  }

  // --- served over REST only (gateway.proto 8.8 has no such RPCs)

  @Bean
  @ConditionalOnMissingBean
  public BrokerUserTaskServices userTaskServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerUserTaskServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerClockServices clockServices(final BrokerClient client, final ApiExecutor executor) {
    return new BrokerClockServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerAdHocSubProcessServices adHocSubProcessServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerAdHocSubProcessServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerBatchOperationServices batchOperationServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerBatchOperationServices(client, executor);
  }

  /**
   * The stock encoding ({@code {bcrypt}...}, Spring Security's delegating encoder), so users
   * created through gatefork can log in to a stock cluster.
   */
  @Bean
  @ConditionalOnMissingBean
  public PasswordHasher passwordHasher() {
    return PasswordEncoderFactories.createDelegatingPasswordEncoder()::encode;
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerUserServices userServices(
      final BrokerClient client, final ApiExecutor executor, final PasswordHasher passwordHasher) {
    return new BrokerUserServices(client, executor, passwordHasher);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerGroupServices groupServices(final BrokerClient client, final ApiExecutor executor) {
    return new BrokerGroupServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerRoleServices roleServices(final BrokerClient client, final ApiExecutor executor) {
    return new BrokerRoleServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerTenantServices tenantServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerTenantServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerMappingRuleServices mappingRuleServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerMappingRuleServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public BrokerAuthorizationServices authorizationServices(
      final BrokerClient client, final ApiExecutor executor) {
    return new BrokerAuthorizationServices(client, executor);
  }

  @Bean
  @ConditionalOnMissingBean
  public GrpcServerLifecycle grpcServer(
      final NetworkProperties network,
      final GateforkProperties gatefork,
      final BrokerTopologyServices topology,
      final BrokerDeploymentServices deployments,
      final BrokerProcessInstanceServices processInstances,
      final BrokerJobServices jobs,
      final BrokerMessageServices messages,
      final BrokerJobStreamServices jobStreams,
      final BrokerSignalServices signals,
      final BrokerVariableServices variables,
      final BrokerIncidentServices incidents,
      final BrokerDecisionServices decisions,
      final BrokerResourceServices resources,
      final MeterRegistry registry,
      final StageMetrics stageMetrics,
      final CallerAuthenticator authenticator,
      final Admission admission,
      final GrpcSecurityProperties grpcSecurity,
      final UnifiedGrpcSslProperties unifiedGrpcSsl,
      final ObjectProvider<RequestTracer> tracer) {
    return new GrpcServerLifecycle(
        new GrpcGatewayServer(
            SettingsMapper.grpcServerConfig(
                network, gatefork, TlsSettings.grpc(grpcSecurity, unifiedGrpcSsl)),
            new GatewayServices(
                topology,
                deployments,
                processInstances,
                jobs,
                jobStreams,
                messages,
                signals,
                variables,
                incidents,
                decisions,
                resources),
            registry,
            stageMetrics,
            authenticator,
            admission,
            tracer.getIfAvailable()));
  }
}
