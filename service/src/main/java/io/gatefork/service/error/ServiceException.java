package io.gatefork.service.error;

/**
 * A call that failed with a {@link ServiceStatus} and a message for the client. Futures of the
 * service layer complete exceptionally with it (possibly wrapped in a CompletionException). No
 * stack trace: these are expected outcomes (backpressure, rejections), not bugs. Bad input is the
 * subclass {@code io.gatefork.service.validation.FieldViolation}, made by {@code FieldRules}.
 */
public class ServiceException extends RuntimeException {
  private final ServiceStatus status;

  public ServiceException(final ServiceStatus status, final String message) {
    this(status, message, null);
  }

  public ServiceException(final ServiceStatus status, final String message, final Throwable cause) {
    super(message, cause, false, false);
    this.status = status;
  }

  public ServiceStatus status() {
    return status;
  }
}
