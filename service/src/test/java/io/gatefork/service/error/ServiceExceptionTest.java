package io.gatefork.service.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Expected outcomes (bad input, rejections, backpressure) are cheap to create and to answer. */
class ServiceExceptionTest {

  @Test
  void keepsItsStatusMessageAndCauseWithoutAStackTrace() {
    final var cause = new IllegalStateException("broker gone");
    final var failure = new ServiceException(ServiceStatus.UNAVAILABLE, "unavailable", cause);

    assertThat(failure.status()).isEqualTo(ServiceStatus.UNAVAILABLE);
    assertThat(failure.getMessage()).isEqualTo("unavailable");
    assertThat(failure.getCause()).isSameAs(cause);
    assertThat(failure.getStackTrace()).isEmpty();
  }
}
