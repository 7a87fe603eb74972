package io.gatefork.service.auth;

import java.time.Instant;
import java.util.Map;

/**
 * Checks a bearer token (signature, issuer, audience, expiry) and returns its claims. The
 * application plugs in Spring Security's JWT decoder; the service layer stays free of it.
 */
@FunctionalInterface
public interface TokenVerifier {

  VerifiedToken verify(String token) throws AuthenticationFailure;

  /**
   * @param expiresAt the token's {@code exp}, or null when it has none
   */
  record VerifiedToken(Map<String, Object> claims, Instant expiresAt) {}
}
