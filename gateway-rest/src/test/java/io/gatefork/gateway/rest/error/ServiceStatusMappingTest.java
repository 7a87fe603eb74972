package io.gatefork.gateway.rest.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.error.ServiceStatus;
import org.junit.jupiter.api.Test;

class ServiceStatusMappingTest {

  @Test
  void titlesOfSpringErrorsAreStatusNamesNotReasonPhrases() {
    assertThat(ServiceStatusMapping.titleFor(400)).isEqualTo("INVALID_ARGUMENT");
    assertThat(ServiceStatusMapping.titleFor(404)).isEqualTo("NOT_FOUND");
    assertThat(ServiceStatusMapping.titleFor(405)).isEqualTo("METHOD_NOT_ALLOWED");
    assertThat(ServiceStatusMapping.titleFor(413)).doesNotContain(" ").endsWith("TOO_LARGE");
    assertThat(ServiceStatusMapping.titleFor(415)).isEqualTo("UNSUPPORTED_MEDIA_TYPE");
    assertThat(ServiceStatusMapping.titleFor(500)).isEqualTo("INTERNAL");
    assertThat(ServiceStatusMapping.titleFor(503)).isEqualTo("UNAVAILABLE");
    assertThat(ServiceStatusMapping.titleFor(504)).isEqualTo("DEADLINE_EXCEEDED");
    assertThat(ServiceStatusMapping.titleFor(599)).isEqualTo("UNKNOWN");
  }

  @Test
  void everyServiceStatusHasAnErrorStatus() {
    for (final ServiceStatus status : ServiceStatus.values()) {
      assertThat(ServiceStatusMapping.httpStatus(status).isError()).as(status.name()).isTrue();
    }
  }
}
