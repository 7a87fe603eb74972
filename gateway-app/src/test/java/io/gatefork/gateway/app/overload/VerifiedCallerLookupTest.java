package io.gatefork.gateway.app.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.service.auth.CallerAuthenticator;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/**
 * A REST request whose credential admission found verified is not looked up again by the security
 * filter: admission hands the caller on.
 */
@TestPropertySource(
    properties = {
      "camunda.security.authentication.unprotected-api=false",
      "camunda.security.authentication.method=basic",
      "camunda.security.initialization.users[0].username=ann",
      "camunda.security.initialization.users[0].password=ann-secret",
      "gatefork.overload.limit=adaptive",
    })
class VerifiedCallerLookupTest extends GatewayTestSupport {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String ANN =
      "Basic "
          + Base64.getEncoder().encodeToString("ann:ann-secret".getBytes(StandardCharsets.UTF_8));

  @MockitoSpyBean private CallerAuthenticator authenticator;

  private int create() throws Exception {
    return HTTP.send(
            HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/process-instances"))
                .header("Authorization", ANN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"processDefinitionId\":\"none\"}"))
                .build(),
            HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  @Test
  void aVerifiedCredentialIsLookedUpOncePerRequest() throws Exception {
    assertThat(create()).isEqualTo(404); // verified now
    clearInvocations(authenticator);

    assertThat(create()).isEqualTo(404);

    verify(authenticator, times(1)).verified(anyString());
    verify(authenticator, never()).authenticate(anyString());
  }
}
