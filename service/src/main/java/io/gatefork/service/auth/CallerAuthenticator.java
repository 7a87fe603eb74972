package io.gatefork.service.auth;

/**
 * Turns the value of an {@code Authorization} header (HTTP or gRPC metadata) into a {@link Caller}.
 * One instance serves REST and gRPC alike, so both front ends accept exactly the same credentials.
 * Implementations are thread-safe and never block on I/O per request.
 */
public interface CallerAuthenticator {

  /** The unprotected API: every request is the anonymous caller, credentials are not looked at. */
  CallerAuthenticator UNPROTECTED =
      new CallerAuthenticator() {
        @Override
        public boolean protectsApi() {
          return false;
        }

        @Override
        public Caller authenticate(final String authorizationHeader) {
          return Caller.ANONYMOUS;
        }

        @Override
        public String challenge() {
          return null;
        }
      };

  /** Whether requests must carry a valid credential at all. */
  boolean protectsApi();

  /**
   * @param authorizationHeader the header's value, e.g. {@code Basic ...} or {@code Bearer ...};
   *     null when the request has none
   * @throws AuthenticationFailure when the API is protected and the credential is missing or not
   *     accepted
   */
  Caller authenticate(String authorizationHeader) throws AuthenticationFailure;

  /** The {@code WWW-Authenticate} challenge of a 401, e.g. {@code Basic realm="camunda"}. */
  String challenge();

  /**
   * The caller of a credential verified before and still remembered, or null: a cache lookup, never
   * a costly check, for the edge's admission, which runs before authentication and may name a
   * caller only by what was verified. Null for the unprotected API.
   */
  default Caller verified(final String authorizationHeader) {
    return null;
  }
}
