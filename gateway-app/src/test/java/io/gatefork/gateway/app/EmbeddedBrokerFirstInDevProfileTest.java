package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.broker.dev.EmbeddedBroker;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application with the dev profile and the embedded broker's module on the classpath (as in
 * {@code ./gatefork-dev}): the broker's auto-configuration registers it under the name dist orders
 * the broker client by, so the broker starts first and closes last.
 */
class EmbeddedBrokerFirstInDevProfileTest extends GatewayTestSupport {
  @Autowired private ConfigurableApplicationContext application;

  @Test
  void theBrokerClientDependsOnTheEmbeddedBroker() {
    assertThat(application.getBean(EmbeddedBrokerOrdering.EMBEDDED_BROKER))
        .isInstanceOf(EmbeddedBroker.class)
        .isSameAs(broker);
    assertThat(application.getBeanFactory().getBeanDefinition("brokerClient").getDependsOn())
        .contains(EmbeddedBrokerOrdering.EMBEDDED_BROKER);
  }
}
