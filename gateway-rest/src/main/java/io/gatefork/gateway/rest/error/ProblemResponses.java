package io.gatefork.gateway.rest.error;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * Builds RFC 9457 answers ({@code application/problem+json}, {@code title} = status name). The
 * {@code instance} is left unset here: Spring MVC fills it with the request path when it writes a
 * ProblemDetail body, on the ASYNC dispatch too.
 */
public final class ProblemResponses {
  private static final Logger LOG = LoggerFactory.getLogger(ProblemResponses.class);

  private ProblemResponses() {}

  public static ResponseEntity<Object> of(final ServiceStatus status, final String detail) {
    final HttpStatus httpStatus = ServiceStatusMapping.httpStatus(status);
    return of(httpStatus.value(), status.name(), detail);
  }

  public static ResponseEntity<Object> of(
      final int httpStatus, final String title, final String detail) {
    final ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(HttpStatus.valueOf(httpStatus), detail);
    problem.setTitle(title);
    return ResponseEntity.status(httpStatus)
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .body(problem);
  }

  /** Maps a failed service future (or a synchronous failure) to its problem answer. */
  public static ResponseEntity<Object> of(final Throwable failure) {
    final Throwable cause = unwrap(failure);
    if (cause instanceof final ServiceException serviceException) {
      return of(serviceException.status(), serviceException.getMessage());
    }
    if (cause instanceof TimeoutException) {
      return of(
          ServiceStatus.DEADLINE_EXCEEDED,
          "Expected to handle the request, but it timed out in the gateway");
    }
    // not a mapped outcome: a defect somewhere below, worth a log line with the trace
    LOG.warn("Unexpected failure while handling a REST request", cause);
    return of(
        ServiceStatus.INTERNAL,
        "Unexpected error while handling the request: "
            + cause.getClass().getSimpleName()
            + (cause.getMessage() != null ? ": " + cause.getMessage() : ""));
  }

  /** The request path as a ProblemDetail {@code instance}: "/" if it is not a valid URI. */
  public static String safeInstance(final String requestUri) {
    if (requestUri == null) {
      return "/";
    }
    try {
      return java.net.URI.create(requestUri).toString();
    } catch (final IllegalArgumentException e) {
      return "/";
    }
  }

  public static Throwable unwrap(final Throwable failure) {
    Throwable current = failure;
    while ((current instanceof CompletionException || current instanceof ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }
}
