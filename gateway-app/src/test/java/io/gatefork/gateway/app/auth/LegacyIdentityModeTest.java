package io.gatefork.gateway.app.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.gateway.app.GateforkApplication;
import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.service.auth.CallerAuthenticator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;

/**
 * The 8.7 Helm chart sets {@code zeebe.gateway.security.authentication.mode=identity} by default.
 * gatefork does not speak the 8.7 Identity settings, so it must never answer such a deployment with
 * an open API: it refuses to start unless the 8.8 keys configure authentication.
 */
class LegacyIdentityModeTest {

  @Test
  void identityModeWithoutAuthenticationKeysStopsTheStartup() {
    assertThatThrownBy(
            () -> start("identity", "zeebe.gateway.security.authentication.mode=identity").close())
        .rootCause()
        .hasMessageContaining("zeebe.gateway.security.authentication.mode=identity")
        .hasMessageContaining("camunda.security.authentication.unprotected-api=false");
  }

  @Test
  void identityModeWithOidcConfiguredStartsProtected() {
    try (var context =
        start(
            "with oidc",
            "zeebe.gateway.security.authentication.mode=identity",
            "camunda.security.authentication.unprotected-api=false",
            "camunda.security.authentication.method=oidc",
            // never fetched: no request reaches the decoder in this test
            "camunda.security.authentication.oidc.jwk-set-uri=http://127.0.0.1:9/jwks",
            "camunda.security.authentication.oidc.audiences[0]=zeebe-api")) {
      assertThat(context.getBean(CallerAuthenticator.class))
          .isNotSameAs(CallerAuthenticator.UNPROTECTED);
    }
  }

  @Test
  void modeNoneKeepsTheOpenDefault() {
    try (var context = start("none", "zeebe.gateway.security.authentication.mode=none")) {
      assertThat(context.getBean(CallerAuthenticator.class))
          .isSameAs(CallerAuthenticator.UNPROTECTED);
    }
  }

  private static org.springframework.context.ConfigurableApplicationContext start(
      final String name, final String... extra) {
    final List<String> properties =
        new ArrayList<>(
            List.of(
                "spring.application.name=gatefork-" + name.replace(' ', '-'),
                "server.port=0",
                "server.address=127.0.0.1",
                "management.server.port=0",
                "zeebe.gateway.network.host=127.0.0.1",
                "zeebe.gateway.network.port=0",
                "zeebe.gateway.cluster.host=127.0.0.1",
                "zeebe.gateway.cluster.port=" + GatewayTestSupport.freePort(),
                "zeebe.gateway.cluster.initialContactPoints=127.0.0.1:"
                    + GatewayTestSupport.freePort()));
    properties.addAll(List.of(extra));
    // command-line arguments: default properties would lose to application.yaml's ports
    return new SpringApplicationBuilder(GateforkApplication.class)
        .run(properties.stream().map(property -> "--" + property).toArray(String[]::new));
  }
}
