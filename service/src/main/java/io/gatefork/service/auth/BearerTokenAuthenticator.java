package io.gatefork.service.auth;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * OIDC bearer tokens: the {@link TokenVerifier} checks the token, this class turns its claims into
 * a {@link Caller} as the stock gateway does: the username claim makes a user, else the client id
 * claim makes a client (neither: rejected); the groups claim (when configured) and the tenants
 * claim (when tenant checks are on) come along.
 *
 * <p>A verified token is remembered until it expires (at most the cache TTL), keyed by its digest,
 * so a client reusing its token pays neither the signature check nor the claims encoding again.
 */
public final class BearerTokenAuthenticator extends SchemeAuthenticator {
  static final String SCHEME = "Bearer ";
  private static final String CHALLENGE = "Bearer";

  private final TokenVerifier verifier;
  private final TokenClaimNames claimNames;
  private final boolean tenantChecks;

  public BearerTokenAuthenticator(
      final TokenVerifier verifier,
      final TokenClaimNames claimNames,
      final boolean tenantChecks,
      final Duration ttl,
      final int maxEntries) {
    super(SCHEME, "a bearer token", ttl, maxEntries);
    this.verifier = verifier;
    this.claimNames = claimNames;
    this.tenantChecks = tenantChecks;
  }

  /**
   * The claims read from a token.
   *
   * @param groups null when groups are not taken from the token
   * @param tenants the claim listing the caller's tenants (read when tenant checks are on)
   */
  public record TokenClaimNames(String username, String clientId, String groups, String tenants) {}

  @Override
  public String challenge() {
    return CHALLENGE;
  }

  @Override
  Verified check(final String token, final String key) throws AuthenticationFailure {
    final var verifiedToken = verifier.verify(token);
    return new Verified(toCaller(verifiedToken.claims()), notAfter(verifiedToken.expiresAt()));
  }

  Caller toCaller(final Map<String, Object> claims) throws AuthenticationFailure {
    final List<String> tenants =
        tenantChecks ? strings(claims.get(claimNames.tenants())) : List.of();
    final List<String> groups =
        claimNames.groups() == null || claimNames.groups().isBlank()
            ? null
            : strings(claims.get(claimNames.groups()));
    final String username = text(claims, claimNames.username());
    final String clientId = text(claims, claimNames.clientId());
    if (username != null) {
      return Caller.user(username, clientId, username, null, tenants, groups, claims, tenantChecks);
    }
    if (clientId != null) {
      return Caller.client(clientId, tenants, groups, claims, tenantChecks);
    }
    throw new AuthenticationFailure(
        "Neither the username claim (%s) nor the client id claim (%s) is in the token"
            .formatted(claimNames.username(), claimNames.clientId()));
  }

  private static String text(final Map<String, Object> claims, final String name) {
    if (name == null || name.isBlank()) {
      return null;
    }
    return claims.get(name) instanceof String value && !value.isBlank() ? value : null;
  }

  private static List<String> strings(final Object claim) {
    if (claim instanceof String value) {
      return List.of(value);
    }
    if (claim instanceof Collection<?> values) {
      final var list = new ArrayList<String>(values.size());
      for (final Object value : values) {
        if (value != null) {
          list.add(value.toString());
        }
      }
      return list;
    }
    return List.of();
  }

  private static long notAfter(final Instant expiresAt) {
    if (expiresAt == null) {
      return Long.MAX_VALUE;
    }
    final long remainingMillis = expiresAt.toEpochMilli() - System.currentTimeMillis();
    return System.nanoTime() + Math.max(0, remainingMillis) * 1_000_000L;
  }
}
