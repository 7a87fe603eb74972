package io.gatefork.gateway.app;

import io.gatefork.broker.client.BrokerClient;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The embedded broker is not part of the gateway: module {@code dev-broker} is on the classpath
 * only in {@code ./gatefork-dev} and in tests (the distribution keeps its jars in {@code
 * lib/broker/}, which {@code bin/gateway} leaves out). There its auto-configuration adds a bean
 * named {@value #EMBEDDED_BROKER} when {@code gatefork.embedded-broker.enabled} is true (the {@code
 * dev} profile). The broker client joins the cluster through that broker, so it must start after it
 * and close before it: every {@link BrokerClient} bean is made to depend on the broker by name,
 * which needs no compile dependency on the broker's module.
 *
 * <p>Without the module, {@code gatefork.embedded-broker.enabled=true} would leave the gateway
 * waiting for a broker that never comes: the start fails instead, saying why.
 */
@Configuration(proxyBeanMethods = false)
public class EmbeddedBrokerOrdering {
  /** The bean name the embedded broker's auto-configuration registers it under. */
  static final String EMBEDDED_BROKER = "embeddedBroker";

  static final String ENABLED = "gatefork.embedded-broker.enabled";

  @Bean
  static BeanFactoryPostProcessor embeddedBrokerBeforeBrokerClient(final Environment environment) {
    return beanFactory -> order(beanFactory, environment);
  }

  static void order(
      final ConfigurableListableBeanFactory beanFactory, final Environment environment) {
    if (!beanFactory.containsBeanDefinition(EMBEDDED_BROKER)) {
      if (environment.getProperty(ENABLED, Boolean.class, false)) {
        throw new IllegalStateException(
            ENABLED
                + " is true, but the embedded broker is not on "
                + "the classpath: it is for development and tests only. Run ./gatefork-dev, or start "
                + "the broker on its own (bin/broker) and let the gateway join it.");
      }
      return;
    }
    for (final String name : beanFactory.getBeanNamesForType(BrokerClient.class, true, false)) {
      final BeanDefinition definition = beanFactory.getBeanDefinition(name);
      final Set<String> dependsOn = new LinkedHashSet<>();
      if (definition.getDependsOn() != null) {
        dependsOn.addAll(Arrays.asList(definition.getDependsOn()));
      }
      dependsOn.add(EMBEDDED_BROKER);
      definition.setDependsOn(dependsOn.toArray(String[]::new));
    }
  }
}
