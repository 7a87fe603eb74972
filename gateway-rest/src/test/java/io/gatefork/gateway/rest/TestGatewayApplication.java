package io.gatefork.gateway.rest;

import io.gatefork.gateway.rest.fake.FakeDeploymentServices;
import io.gatefork.gateway.rest.fake.FakeJobServices;
import io.gatefork.gateway.rest.fake.FakeMessageServices;
import io.gatefork.gateway.rest.fake.FakeProcessInstanceServices;
import io.gatefork.gateway.rest.fake.FakeServices;
import io.gatefork.gateway.rest.fake.FakeTopologyServices;
import io.gatefork.service.stage.StageMetrics;
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
  SimpleMeterRegistry stageMeterRegistry() {
    return new SimpleMeterRegistry();
  }

  @Bean
  StageMetrics stageMetrics(final SimpleMeterRegistry stageMeterRegistry) {
    return new StageMetrics(stageMeterRegistry);
  }
}
