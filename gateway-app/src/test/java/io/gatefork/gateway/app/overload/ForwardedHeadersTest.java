package io.gatefork.gateway.app.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.service.overload.AdaptiveAdmission;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/**
 * On Kubernetes (detected from its service variables, here named as the platform), Spring Boot
 * would trust {@code X-Forwarded-For} from any private address, so any pod could choose the address
 * admission shares its limit by. The gateway trusts forwarded headers only when configured: the
 * callers admission sees are the connections' addresses whatever a request claims.
 */
@TestPropertySource(
    properties = {"spring.main.cloud-platform=kubernetes", "gatefork.overload.limit=adaptive"})
class ForwardedHeadersTest extends GatewayTestSupport {
  private static final int CLAIMED_ADDRESSES = 8;

  @Autowired private MeterRegistry registry;

  @Test
  void madeUpForwardedForHeadersDoNotChangeTheCaller() throws Exception {
    final HttpClient http = HttpClient.newHttpClient();
    for (int i = 1; i <= CLAIMED_ADDRESSES; i++) {
      final var response =
          http.send(
              // admitted as a creation (topology bypasses admission), refused as bad input
              HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/process-instances"))
                  .header("X-Forwarded-For", "203.0.113." + i)
                  .header("Content-Type", "application/json")
                  .timeout(Duration.ofSeconds(20))
                  .POST(HttpRequest.BodyPublishers.ofString("{}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(response.statusCode()).isEqualTo(400);
    }

    // every request came from 127.0.0.1: one caller, not one per claimed address
    assertThat(registry.get(AdaptiveAdmission.CALLERS_METER).gauge().value())
        .isLessThan(CLAIMED_ADDRESSES);
    assertThat(registry.get(AdaptiveAdmission.CALLERS_METER).gauge().value()).isEqualTo(1.0);
  }
}
