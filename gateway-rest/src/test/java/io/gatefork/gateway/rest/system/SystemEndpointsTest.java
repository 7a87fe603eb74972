package io.gatefork.gateway.rest.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import io.gatefork.gateway.rest.support.RestTestSupport;
import org.junit.jupiter.api.Test;

class SystemEndpointsTest extends RestTestSupport {

  @Test
  void licenseIsTheAnswerOfAGatewayWithoutLicense() throws Exception {
    final long recordedBefore = recordedTotals("license");

    final var result = performSync(get("/v2/license"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
    assertThat(json(result).toString())
        .isEqualTo("{\"validLicense\":false,\"licenseType\":\"unknown\",\"isCommercial\":false}");
    assertThat(recordedTotals("license")).isEqualTo(recordedBefore + 1);
  }

  @Test
  void currentUserIsTheAnonymousUserWithEveryRequiredField() throws Exception {
    final var result = performSync(get("/v2/authentication/me"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
    final var user = json(result);
    assertThat(user.has("username")).isFalse();
    assertThat(user.path("displayName").asText()).isEqualTo("anonymous");
    assertThat(user.path("canLogout").asBoolean(true)).isFalse();
    for (final String required :
        new String[] {"tenants", "groups", "roles", "salesPlanType", "c8Links", "canLogout"}) {
      assertThat(user.has(required)).as(required).isTrue();
    }
  }
}
