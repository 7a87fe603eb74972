package io.gatefork.service.auth;

/**
 * A credential was missing, malformed, wrong or expired. The message is safe to show to the client
 * (it never repeats the credential). No stack trace: it is an expected outcome.
 */
public final class AuthenticationFailure extends Exception {

  public AuthenticationFailure(final String message) {
    super(message, null, false, false);
  }
}
