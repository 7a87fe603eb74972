package io.gatefork.gateway.app.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.gateway.app.GatewayTestSupport;
import io.gatefork.service.overload.Admission;
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
    final String metrics = prometheusScrape();
    assertThat(metrics).doesNotContain("gatefork_overload_");
  }
}
