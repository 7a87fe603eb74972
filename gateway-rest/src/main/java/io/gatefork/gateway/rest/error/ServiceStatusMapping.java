package io.gatefork.gateway.rest.error;

import io.gatefork.service.error.ServiceStatus;
import org.springframework.http.HttpStatus;

/**
 * ServiceStatus to HTTP as the stock 8.8 REST gateway maps it; the gRPC side maps the same statuses
 * to gRPC codes ({@code gateway-grpc}'s {@code GrpcStatusMapper}).
 */
public final class ServiceStatusMapping {

  private ServiceStatusMapping() {}

  public static HttpStatus httpStatus(final ServiceStatus status) {
    return switch (status) {
      case INVALID_ARGUMENT -> HttpStatus.BAD_REQUEST;
      case NOT_FOUND -> HttpStatus.NOT_FOUND;
      case ALREADY_EXISTS, INVALID_STATE -> HttpStatus.CONFLICT;
      case UNAUTHORIZED -> HttpStatus.UNAUTHORIZED;
      case FORBIDDEN -> HttpStatus.FORBIDDEN;
      case RESOURCE_EXHAUSTED, UNAVAILABLE -> HttpStatus.SERVICE_UNAVAILABLE;
      case DEADLINE_EXCEEDED -> HttpStatus.GATEWAY_TIMEOUT;
      case ABORTED -> HttpStatus.BAD_GATEWAY;
      case INTERNAL, UNKNOWN -> HttpStatus.INTERNAL_SERVER_ERROR;
    };
  }

  /**
   * The title for an error that did not come from the service layer (Spring MVC's own errors): the
   * status name clients know from upstream where one fits, otherwise the HTTP status name, never
   * the reason phrase.
   */
  public static String titleFor(final int httpStatus) {
    return switch (httpStatus) {
      case 400 -> ServiceStatus.INVALID_ARGUMENT.name();
      case 401 -> ServiceStatus.UNAUTHORIZED.name();
      case 403 -> ServiceStatus.FORBIDDEN.name();
      case 404 -> ServiceStatus.NOT_FOUND.name();
      case 500 -> ServiceStatus.INTERNAL.name();
      case 502 -> ServiceStatus.ABORTED.name();
      case 503 -> ServiceStatus.UNAVAILABLE.name();
      case 504 -> ServiceStatus.DEADLINE_EXCEEDED.name();
      default -> {
        final HttpStatus known = HttpStatus.resolve(httpStatus);
        yield known != null ? known.name() : ServiceStatus.UNKNOWN.name();
      }
    };
  }
}
