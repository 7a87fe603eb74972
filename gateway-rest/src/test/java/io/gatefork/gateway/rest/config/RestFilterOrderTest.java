package io.gatefork.gateway.rest.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.operation.EdgeConcern;
import java.util.List;
import org.junit.jupiter.api.Test;

class RestFilterOrderTest {
  @Test
  void theFiltersRunInTheEdgeConcernsOrderWithSecurityLast() {
    final List<Integer> byConcern =
        List.of(
            RestFilterOrder.STAGE_TIMING,
            RestFilterOrder.SERVER_REQUESTS_METRICS,
            RestFilterOrder.BODY_GUARD,
            RestFilterOrder.ADMISSION,
            RestFilterOrder.SECURITY);

    assertThat(EdgeConcern.values()).hasSize(byConcern.size());
    assertThat(byConcern).isSorted().doesNotHaveDuplicates();
    assertThat(RestFilterOrder.ADMISSION).isEqualTo(RestFilterOrder.of(EdgeConcern.ADMISSION));
  }
}
