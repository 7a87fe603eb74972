package io.gatefork.gateway.rest.error;

import java.io.IOException;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;

/**
 * A request body the gateway stopped reading: too large, too slow, or no place left to wait for it.
 * Thrown from the body's stream, so that whatever reads it (Jackson, through Spring MVC's
 * converters) stops; the error handlers answer it with its status. Its connection is closed without
 * reading the rest.
 */
public final class BodyRefusal extends IOException {
  private final int status;

  public BodyRefusal(final int status, final String detail) {
    super(detail);
    this.status = status;
  }

  /** An expected outcome, answered at once: no stack trace. */
  @Override
  public synchronized Throwable fillInStackTrace() {
    return this;
  }

  /** The refusal of a request body, when {@code failure} or one of its causes is one; else null. */
  public static BodyRefusal in(final Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof final BodyRefusal refusal) {
        return refusal;
      }
    }
    return null;
  }

  public int status() {
    return status;
  }

  public ProblemDetail problem() {
    final ProblemDetail problem =
        ProblemDetail.forStatusAndDetail(HttpStatusCode.valueOf(status), getMessage());
    problem.setTitle(ServiceStatusMapping.titleFor(status));
    return problem;
  }
}
