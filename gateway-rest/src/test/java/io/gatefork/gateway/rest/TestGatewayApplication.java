package io.gatefork.gateway.rest;

import io.gatefork.service.adhocsubprocess.AdHocSubProcessServices;
import io.gatefork.service.batchoperation.BatchOperationServices;
import io.gatefork.service.clock.ClockServices;
import io.gatefork.service.decision.DecisionServices;
import io.gatefork.service.document.DocumentServices;
import io.gatefork.service.identity.AuthorizationServices;
import io.gatefork.service.identity.GroupServices;
import io.gatefork.service.identity.MappingRuleServices;
import io.gatefork.service.identity.RoleServices;
import io.gatefork.service.identity.TenantServices;
import io.gatefork.service.identity.UserServices;
import io.gatefork.service.incident.IncidentServices;
import io.gatefork.service.resource.ResourceServices;
import io.gatefork.service.signal.SignalServices;
import io.gatefork.service.stage.StageMetrics;
import io.gatefork.service.testing.FakeDeploymentServices;
import io.gatefork.service.testing.FakeJobServices;
import io.gatefork.service.testing.FakeMessageServices;
import io.gatefork.service.testing.FakeProcessInstanceServices;
import io.gatefork.service.testing.FakeServices;
import io.gatefork.service.testing.FakeTopologyServices;
import io.gatefork.service.usertask.UserTaskServices;
import io.gatefork.service.variable.VariableServices;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * What the dist application provides to this module: the service beans (here fakes) and a
 * StageMetrics. Everything else comes from GatewayRestConfiguration's auto-configuration.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class TestGatewayApplication {

  @Bean
  FakeServices fakeServices() {
    return new FakeServices();
  }

  @Bean
  FakeTopologyServices topologyServices(final FakeServices fakes) {
    return fakes.topology;
  }

  @Bean
  FakeDeploymentServices deploymentServices(final FakeServices fakes) {
    return fakes.deployment;
  }

  @Bean
  FakeProcessInstanceServices processInstanceServices(final FakeServices fakes) {
    return fakes.processInstances;
  }

  @Bean
  FakeJobServices jobServices(final FakeServices fakes) {
    return fakes.jobs;
  }

  @Bean
  FakeMessageServices messageServices(final FakeServices fakes) {
    return fakes.messages;
  }

  @Bean
  IncidentServices incidentServices(final FakeServices fakes) {
    return fakes.incidents.service();
  }

  @Bean
  VariableServices variableServices(final FakeServices fakes) {
    return fakes.variables.service();
  }

  @Bean
  SignalServices signalServices(final FakeServices fakes) {
    return fakes.signals.service();
  }

  @Bean
  DecisionServices decisionServices(final FakeServices fakes) {
    return fakes.decisions.service();
  }

  @Bean
  ResourceServices resourceServices(final FakeServices fakes) {
    return fakes.resources.service();
  }

  @Bean
  UserTaskServices userTaskServices(final FakeServices fakes) {
    return fakes.userTasks.service();
  }

  @Bean
  ClockServices clockServices(final FakeServices fakes) {
    return fakes.clock.service();
  }

  @Bean
  AdHocSubProcessServices adHocSubProcessServices(final FakeServices fakes) {
    return fakes.adHocSubProcesses.service();
  }

  @Bean
  BatchOperationServices batchOperationServices(final FakeServices fakes) {
    return fakes.batchOperations.service();
  }

  @Bean
  DocumentServices documentServices(final FakeServices fakes) {
    return fakes.documents.service();
  }

  @Bean
  UserServices userServices(final FakeServices fakes) {
    return fakes.users.service();
  }

  @Bean
  GroupServices groupServices(final FakeServices fakes) {
    return fakes.groups.service();
  }

  @Bean
  RoleServices roleServices(final FakeServices fakes) {
    return fakes.roles.service();
  }

  @Bean
  TenantServices tenantServices(final FakeServices fakes) {
    return fakes.tenants.service();
  }

  @Bean
  MappingRuleServices mappingRuleServices(final FakeServices fakes) {
    return fakes.mappingRules.service();
  }

  @Bean
  AuthorizationServices authorizationServices(final FakeServices fakes) {
    return fakes.authorizations.service();
  }

  @Bean
  SimpleMeterRegistry stageMeterRegistry() {
    return new SimpleMeterRegistry();
  }

  @Bean
  StageMetrics stageMetrics(final SimpleMeterRegistry stageMeterRegistry) {
    return new StageMetrics(stageMeterRegistry);
  }
}
