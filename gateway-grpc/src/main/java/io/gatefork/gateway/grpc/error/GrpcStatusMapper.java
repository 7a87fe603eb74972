package io.gatefork.gateway.grpc.error;

import io.gatefork.service.auth.TenantRefusal;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.validation.FieldViolation;
import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Maps the service layer's failures to gRPC statuses: each {@link ServiceStatus} to the {@link
 * Status.Code} of the same meaning, the service message as the description (what the stock gateway
 * sends, and what clients show).
 */
public final class GrpcStatusMapper {

  private GrpcStatusMapper() {}

  public static Status.Code code(final ServiceStatus status) {
    return switch (status) {
      case INVALID_ARGUMENT -> Status.Code.INVALID_ARGUMENT;
      case NOT_FOUND -> Status.Code.NOT_FOUND;
      case ALREADY_EXISTS -> Status.Code.ALREADY_EXISTS;
      case INVALID_STATE -> Status.Code.FAILED_PRECONDITION;
      case UNAUTHORIZED -> Status.Code.UNAUTHENTICATED;
      case FORBIDDEN -> Status.Code.PERMISSION_DENIED;
      case RESOURCE_EXHAUSTED -> Status.Code.RESOURCE_EXHAUSTED;
      case UNAVAILABLE -> Status.Code.UNAVAILABLE;
      case DEADLINE_EXCEEDED -> Status.Code.DEADLINE_EXCEEDED;
      case ABORTED -> Status.Code.ABORTED;
      case INTERNAL -> Status.Code.INTERNAL;
      case UNKNOWN -> Status.Code.UNKNOWN;
    };
  }

  /** The status a failed service future (or a synchronous throw) answers the client with. */
  public static Status toStatus(final Throwable failure) {
    final Throwable error = unwrap(failure);
    if (error instanceof final ServiceException serviceException) {
      return Status.fromCode(code(serviceException.status()))
          .withDescription(serviceException.getMessage());
    }
    if (error instanceof final StatusRuntimeException statusException) {
      return statusException.getStatus();
    }
    if (error instanceof final StatusException statusException) {
      return statusException.getStatus();
    }
    if (error instanceof CancellationException) {
      return Status.CANCELLED.withDescription("The request was cancelled");
    }
    return Status.INTERNAL
        .withDescription("Unexpected error while handling the request: " + error)
        .withCause(error);
  }

  /**
   * {@link #toStatus(Throwable)} for a failure of the RPC {@code rpc} (e.g. {@code CompleteJob}): a
   * refused field or tenant is worded as the stock gateway words it ({@link FieldViolationWording},
   * {@link TenantRefusalWording}).
   */
  public static Status toStatus(final String rpc, final Throwable failure) {
    final Throwable error = unwrap(failure);
    if (error instanceof final FieldViolation violation) {
      return FieldViolationWording.status(rpc, violation);
    }
    if (error instanceof final TenantRefusal refusal) {
      return TenantRefusalWording.status(rpc, refusal);
    }
    return toStatus(failure);
  }

  /** {@link #toStatus} as the throwable {@code StreamObserver.onError} takes. */
  public static StatusRuntimeException toException(final Throwable failure) {
    return toException(toStatus(failure));
  }

  public static StatusRuntimeException toException(final Status status) {
    return new QuietStatusException(status);
  }

  private static Throwable unwrap(final Throwable failure) {
    Throwable error = failure;
    while ((error instanceof CompletionException || error instanceof ExecutionException)
        && error.getCause() != null) {
      error = error.getCause();
    }
    return error;
  }
}
