package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.identity.PasswordHasher;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * The gateway's wiring ({@link GatewayConfiguration}) is an auto-configuration: a bean an
 * application defines itself takes the place of the gateway's of its type, and the gateway runs
 * with it.
 */
@Import(ReplaceableBeansTest.OwnBeans.class)
class ReplaceableBeansTest extends GatewayTestSupport {
  private static final PasswordHasher OWN = raw -> "{own}" + raw;

  @Autowired private ApplicationContext context;

  @Test
  void anApplicationsOwnBeanReplacesTheGatewaysOfItsType() {
    assertThat(context.getBeansOfType(PasswordHasher.class)).containsOnlyKeys("ownPasswordHasher");
    assertThat(context.getBean(PasswordHasher.class)).isSameAs(OWN);
  }

  @TestConfiguration
  static class OwnBeans {
    @Bean
    PasswordHasher ownPasswordHasher() {
      return OWN;
    }
  }
}
