package io.gatefork.service.auth;

import java.time.Duration;

/**
 * What basic and bearer authentication share: the header must name the scheme, and a credential
 * that passed its costly check (bcrypt, a token signature) is remembered in {@link
 * VerifiedCredentials} under the digest of its normalised form, so a client repeating its
 * credential, however it spells the header, pays a digest and a map lookup.
 */
abstract class SchemeAuthenticator implements CallerAuthenticator {
  private final String scheme;
  private final String expected;
  private final VerifiedCredentials verified;

  /**
   * @param scheme the header's prefix including the space, e.g. {@code "Basic "}
   * @param expected how the failure messages name what was expected, e.g. {@code "a bearer token"}
   */
  SchemeAuthenticator(
      final String scheme, final String expected, final Duration ttl, final int maxEntries) {
    this.scheme = scheme;
    this.expected = expected;
    verified = new VerifiedCredentials(ttl, maxEntries);
  }

  /** A credential that passed the check, and until when it may be remembered at most. */
  record Verified(Caller caller, long notAfterNanos) {}

  /**
   * The costly check of the credential (the header without its scheme, trimmed).
   *
   * @param key the credential's cache key ({@link VerifiedCredentials#keyOf} of its {@link
   *     #normalised} form), for a check that remembers failures too
   */
  abstract Verified check(String credential, String key) throws AuthenticationFailure;

  /**
   * The credential as one string however its header spells it, so that one credential is one cache
   * entry (basic: the decoded {@code username:password}); as sent by default. Cheap: it runs for
   * every request.
   */
  String normalised(final String credential) {
    return credential;
  }

  @Override
  public final boolean protectsApi() {
    return true;
  }

  @Override
  public final Caller verified(final String header) {
    if (header == null || !header.regionMatches(true, 0, scheme, 0, scheme.length())) {
      return null;
    }
    return verified.get(
        VerifiedCredentials.keyOf(normalised(header.substring(scheme.length()).trim())));
  }

  @Override
  public final Caller authenticate(final String header) throws AuthenticationFailure {
    if (header == null || header.isBlank()) {
      throw new AuthenticationFailure("No credentials were sent: expected " + expected);
    }
    if (!header.regionMatches(true, 0, scheme, 0, scheme.length())) {
      throw new AuthenticationFailure("Expected " + expected + ", but got another scheme");
    }
    final String credential = header.substring(scheme.length()).trim();
    final String key = VerifiedCredentials.keyOf(normalised(credential));
    final Caller known = verified.get(key);
    if (known != null) {
      return known;
    }
    final Verified result = check(credential, key);
    verified.put(key, result.caller(), result.notAfterNanos());
    return result.caller();
  }
}
