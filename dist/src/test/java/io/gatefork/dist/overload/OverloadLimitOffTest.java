package io.gatefork.dist.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.dist.GatewayTestSupport;
import io.gatefork.service.overload.Admission;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

/** {@code gatefork.overload.limit=off}: everything admitted, no limiter, no overload meters. */
@TestPropertySource(properties = "gatefork.overload.limit=off")
class OverloadLimitOffTest extends GatewayTestSupport {
  @Autowired Admission admission;

  @Test
  void nothingIsLimitedAndNothingIsMeasured() throws Exception {
    assertThat(admission).isSameAs(Admission.OFF);
    final String metrics =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + managementPort + "/actuator/prometheus"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    assertThat(metrics).doesNotContain("gatefork_overload_");
  }
}
