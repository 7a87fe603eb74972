package io.gatefork.service.error;

import io.camunda.zeebe.protocol.record.ErrorCode;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.gatefork.broker.client.BrokerClientException;
import io.gatefork.broker.client.BrokerResult;
import java.net.ConnectException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps what the broker client reports to a protocol-neutral {@link ServiceException}, as the stock
 * 8.8 gateway does: broker error codes, engine rejections (with the stock detail text) and failures
 * to get any answer. Each front end turns the status into its protocol's code ({@code
 * ServiceStatusMapping} for REST).
 */
public final class BrokerErrorMapper {
  private static final Logger LOG = LoggerFactory.getLogger(BrokerErrorMapper.class);

  private BrokerErrorMapper() {}

  /** A rejection or an error answer; an accepted result is not an error and is refused. */
  public static ServiceException fromResult(final BrokerResult<?> result) {
    return switch (result) {
      case BrokerResult.Rejected<?> rejected -> fromRejection(rejected);
      case BrokerResult.Error<?> error -> fromError(error);
      case BrokerResult.Accepted<?> accepted ->
          throw new IllegalArgumentException("Not an error: " + accepted);
    };
  }

  /** {@code Command '<intent>' rejected with code '<type>': <reason>}, status by rejection type. */
  public static ServiceException fromRejection(final BrokerResult.Rejected<?> rejection) {
    final String message =
        "Command '"
            + rejection.intent().name()
            + "' rejected with code '"
            + rejection.type().name()
            + "': "
            + rejection.reason();
    return new ServiceException(statusOf(rejection.type()), message);
  }

  public static ServiceStatus statusOf(final RejectionType type) {
    if (type == null) {
      return ServiceStatus.INTERNAL;
    }
    return switch (type) {
      case INVALID_ARGUMENT -> ServiceStatus.INVALID_ARGUMENT;
      case NOT_FOUND -> ServiceStatus.NOT_FOUND;
      case ALREADY_EXISTS -> ServiceStatus.ALREADY_EXISTS;
      case INVALID_STATE -> ServiceStatus.INVALID_STATE;
      case UNAUTHORIZED -> ServiceStatus.UNAUTHORIZED;
      case FORBIDDEN -> ServiceStatus.FORBIDDEN;
      default -> ServiceStatus.INTERNAL; // PROCESSING_ERROR, EXCEEDED_BATCH_RECORD_SIZE, unknown
    };
  }

  /** A broker that refused the command before the engine saw it; the broker's message is kept. */
  public static ServiceException fromError(final BrokerResult.Error<?> error) {
    final ServiceStatus status = statusOf(error.code());
    final String message =
        error.message() == null || error.message().isBlank()
            ? "Expected to handle request, but the broker answered with error "
                + error.code()
                + " on partition "
                + error.partitionId()
            : error.message();
    return new ServiceException(status, message);
  }

  public static ServiceStatus statusOf(final ErrorCode code) {
    if (code == null) {
      return ServiceStatus.INTERNAL;
    }
    return switch (code) {
      case RESOURCE_EXHAUSTED -> ServiceStatus.RESOURCE_EXHAUSTED;
      case PARTITION_LEADER_MISMATCH, PARTITION_UNAVAILABLE -> ServiceStatus.UNAVAILABLE;
      case PROCESS_NOT_FOUND -> ServiceStatus.NOT_FOUND;
      case MALFORMED_REQUEST -> ServiceStatus.INVALID_ARGUMENT;
      default -> ServiceStatus.INTERNAL;
    };
  }

  /**
   * A failure of the future chain: a {@link BrokerClientException}, a {@link ServiceException}
   * (kept as is), or anything else (INTERNAL, logged once at warn without a stack trace). {@link
   * CompletionException} and {@link ExecutionException} wrappers are looked through.
   */
  public static ServiceException fromThrowable(final Throwable failure) {
    final Throwable cause = unwrap(failure);
    return switch (cause) {
      case ServiceException serviceException -> serviceException;
      case BrokerClientException clientException -> fromClientException(clientException);
      case TimeoutException timeout ->
          new ServiceException(
              ServiceStatus.DEADLINE_EXCEEDED,
              "Expected to handle request, but request timed out between gateway and broker",
              timeout);
      case ConnectException connect ->
          new ServiceException(ServiceStatus.UNAVAILABLE, connect.getMessage(), connect);
      case null, default -> unexpected(cause);
    };
  }

  public static ServiceException fromClientException(final BrokerClientException exception) {
    final ServiceStatus status =
        switch (exception) {
          case BrokerClientException.Timeout t -> ServiceStatus.DEADLINE_EXCEEDED;
          case BrokerClientException.NoTopology t -> ServiceStatus.UNAVAILABLE;
          // a key naming a partition the cluster lacks is an unknown key: retrying cannot help
          case BrokerClientException.PartitionNotFound p ->
              p.fromKey() ? ServiceStatus.NOT_FOUND : ServiceStatus.UNAVAILABLE;
          case BrokerClientException.NoLeader n -> ServiceStatus.UNAVAILABLE;
          case BrokerClientException.Unavailable u -> ServiceStatus.UNAVAILABLE;
          case BrokerClientException.ConnectionClosed c -> ServiceStatus.ABORTED;
          case BrokerClientException.RetriesExhausted r -> ServiceStatus.RESOURCE_EXHAUSTED;
        };
    return new ServiceException(status, exception.getMessage(), exception);
  }

  private static ServiceException unexpected(final Throwable cause) {
    // a bug or an unforeseen failure: one line with the cause, no stack trace per request
    LOG.warn(
        "Unexpected failure while handling a broker request, answering INTERNAL: {}",
        String.valueOf(cause));
    final String detail = cause == null ? null : cause.getMessage();
    return new ServiceException(
        ServiceStatus.INTERNAL,
        "Unexpected error while handling the request: "
            + (detail == null
                ? cause == null ? "unknown" : cause.getClass().getSimpleName()
                : detail),
        cause);
  }

  private static Throwable unwrap(final Throwable failure) {
    Throwable current = failure;
    while ((current instanceof CompletionException || current instanceof ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }
}
