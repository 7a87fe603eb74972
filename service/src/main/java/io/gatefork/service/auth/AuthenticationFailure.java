package io.gatefork.service.auth;

/**
 * A credential was missing, malformed, wrong or expired, or could not be checked now (the gateway
 * is at its bound of concurrent password checks: {@link #busy()}). The message is safe to show to
 * the client (it never repeats the credential). No stack trace: it is an expected outcome.
 */
public final class AuthenticationFailure extends Exception {
  private final boolean busy;

  public AuthenticationFailure(final String message) {
    this(message, false);
  }

  private AuthenticationFailure(final String message, final boolean busy) {
    super(message, null, false, false);
    this.busy = busy;
  }

  /** The credential was not checked: too many checks run already; the client should retry. */
  public static AuthenticationFailure busy(final String message) {
    return new AuthenticationFailure(message, true);
  }

  /**
   * Whether the credential was not checked at all (answered as backpressure, REST 503 and gRPC
   * {@code RESOURCE_EXHAUSTED}, not as a refusal).
   */
  public boolean busy() {
    return busy;
  }
}
