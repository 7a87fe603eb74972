package io.gatefork.gateway.grpc.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.grpc.Status;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GrpcStatusMapperTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "INVALID_ARGUMENT, INVALID_ARGUMENT",
    "NOT_FOUND, NOT_FOUND",
    "ALREADY_EXISTS, ALREADY_EXISTS",
    "INVALID_STATE, FAILED_PRECONDITION",
    "UNAUTHORIZED, UNAUTHENTICATED",
    "FORBIDDEN, PERMISSION_DENIED",
    "RESOURCE_EXHAUSTED, RESOURCE_EXHAUSTED",
    "UNAVAILABLE, UNAVAILABLE",
    "DEADLINE_EXCEEDED, DEADLINE_EXCEEDED",
    "ABORTED, ABORTED",
    "INTERNAL, INTERNAL",
    "UNKNOWN, UNKNOWN"
  })
  void serviceStatusMapsToGrpcCodeWithTheServiceMessage(
      final ServiceStatus status, final Status.Code expected) {
    final Status mapped = GrpcStatusMapper.toStatus(new ServiceException(status, "why: " + status));

    assertThat(mapped.getCode()).isEqualTo(expected);
    assertThat(mapped.getDescription()).isEqualTo("why: " + status);
  }

  @Test
  void completionExceptionIsUnwrapped() {
    final Status mapped =
        GrpcStatusMapper.toStatus(
            new CompletionException(
                new ServiceException(ServiceStatus.RESOURCE_EXHAUSTED, "backpressure")));

    assertThat(mapped.getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    assertThat(mapped.getDescription()).isEqualTo("backpressure");
  }

  @Test
  void nestedExecutionAndCompletionExceptionsAreUnwrapped() {
    final Status mapped =
        GrpcStatusMapper.toStatus(
            new CompletionException(
                new ExecutionException(
                    new ServiceException(ServiceStatus.NOT_FOUND, "no such job"))));

    assertThat(mapped.getCode()).isEqualTo(Status.Code.NOT_FOUND);
  }

  @Test
  void cancellationMapsToCancelled() {
    assertThat(GrpcStatusMapper.toStatus(new CancellationException()).getCode())
        .isEqualTo(Status.Code.CANCELLED);
  }

  @Test
  void unexpectedFailureMapsToInternalWithItsMessage() {
    final Status mapped =
        GrpcStatusMapper.toStatus(new CompletionException(new IllegalStateException("bug")));

    assertThat(mapped.getCode()).isEqualTo(Status.Code.INTERNAL);
    assertThat(mapped.getDescription()).contains("IllegalStateException").contains("bug");
  }

  @Test
  void statusExceptionKeepsItsStatus() {
    final Status status = Status.UNIMPLEMENTED.withDescription("later");

    assertThat(GrpcStatusMapper.toStatus(status.asRuntimeException())).isSameAs(status);
  }

  @Test
  void exceptionForTheObserverCarriesNoStackTrace() {
    final var exception = GrpcStatusMapper.toException(Status.RESOURCE_EXHAUSTED);

    assertThat(exception.getStatus()).isSameAs(Status.RESOURCE_EXHAUSTED);
    assertThat(exception.getStackTrace()).isEmpty();
  }
}
