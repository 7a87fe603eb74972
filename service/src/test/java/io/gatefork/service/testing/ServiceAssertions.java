package io.gatefork.service.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

public final class ServiceAssertions {
  private ServiceAssertions() {}

  /** The future fails (within 5 s) with a ServiceException of that status and message part. */
  public static void assertFails(
      final CompletableFuture<?> future, final ServiceStatus status, final String message) {
    assertThatThrownBy(() -> future.get(5, TimeUnit.SECONDS))
        .cause()
        .isInstanceOf(ServiceException.class)
        .satisfies(
            e -> {
              assertThat(((ServiceException) e).status()).isEqualTo(status);
              assertThat(e.getMessage()).contains(message);
            });
  }
}
