package io.gatefork.service.auth;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.security.crypto.bcrypt.BCrypt;

/**
 * HTTP basic credentials checked against the configured users' bcrypt hashes.
 *
 * <p>A bcrypt check costs tens of milliseconds of CPU by design, far more than the request it
 * guards. Credentials that passed are therefore remembered for a short time, keyed by a SHA-256
 * digest of the header ({@link VerifiedCredentials}): a client sending the same header again pays
 * one digest and one map lookup instead of a bcrypt check.
 */
public final class BasicCredentialsAuthenticator extends SchemeAuthenticator {
  static final String SCHEME = "Basic ";
  private static final String CHALLENGE = "Basic realm=\"camunda\"";
  // compared against when the user is unknown, so that unknown and known users take as long
  private static final String UNKNOWN_USER_HASH = BCrypt.hashpw("unknown", BCrypt.gensalt(4));

  private final Map<String, BasicUser> users;
  private final boolean sendTenants;

  /**
   * @param sendTenants tenant checks are on: the users' tenants go to the broker
   * @param ttl how long verified credentials are remembered
   * @param maxEntries how many verified credentials are remembered at most
   */
  public BasicCredentialsAuthenticator(
      final List<BasicUser> users,
      final boolean sendTenants,
      final Duration ttl,
      final int maxEntries) {
    super(SCHEME, "basic authentication", ttl, maxEntries);
    final var byName = new HashMap<String, BasicUser>();
    for (final BasicUser user : users) {
      if (!user.passwordHash().startsWith("$2")) {
        throw new IllegalArgumentException(
            "The password of user '" + user.username() + "' is not a bcrypt hash");
      }
      byName.put(user.username(), user);
    }
    this.users = Map.copyOf(byName);
    this.sendTenants = sendTenants;
  }

  /**
   * The stored form of a configured password: {@code {bcrypt}<hash>} or a bare bcrypt hash is kept
   * as given; anything else is plaintext and hashed now.
   */
  public static String hashOf(final String configuredPassword) {
    if (configuredPassword.startsWith("{bcrypt}")) {
      return configuredPassword.substring("{bcrypt}".length());
    }
    if (configuredPassword.startsWith("$2a$")
        || configuredPassword.startsWith("$2b$")
        || configuredPassword.startsWith("$2y$")) {
      return configuredPassword;
    }
    return BCrypt.hashpw(configuredPassword, BCrypt.gensalt());
  }

  @Override
  public String challenge() {
    return CHALLENGE;
  }

  @Override
  Verified check(final String encoded) throws AuthenticationFailure {
    final String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    } catch (final IllegalArgumentException e) {
      throw new AuthenticationFailure("The basic credentials are not valid Base64");
    }
    final int colon = decoded.indexOf(':');
    if (colon < 0) {
      throw new AuthenticationFailure("The basic credentials are not of the form user:password");
    }
    final String username = decoded.substring(0, colon);
    final String password = decoded.substring(colon + 1);
    final BasicUser user = users.get(username);
    final boolean matches =
        BCrypt.checkpw(password, user == null ? UNKNOWN_USER_HASH : user.passwordHash());
    if (user == null || !matches) {
      throw new AuthenticationFailure("Invalid username or password");
    }
    return new Verified(
        Caller.user(
            user.username(),
            null,
            user.name(),
            user.email(),
            user.tenantIds(),
            null,
            Map.of(),
            sendTenants),
        Long.MAX_VALUE);
  }
}
