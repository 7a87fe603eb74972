package io.gatefork.service.auth;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.springframework.security.crypto.bcrypt.BCrypt;

/**
 * HTTP basic credentials checked against the configured users' bcrypt hashes.
 *
 * <p>A bcrypt check costs tens of milliseconds of CPU by design, far more than the request it
 * guards. Credentials that passed are therefore remembered for a short time, keyed by a SHA-256
 * digest of the decoded {@code username:password} ({@link VerifiedCredentials}): a client sending
 * the same credential again, however it spells the header, pays a decode, a digest and a map lookup
 * instead of a bcrypt check. What else bounds what a client can make the gateway spend ({@link
 * Limits}):
 *
 * <ul>
 *   <li>an unknown user is checked against a dummy hash of the users' highest cost, so it takes as
 *       long as a wrong password (no username oracle);
 *   <li>a credential that failed is remembered (by the same digest, bounded in count and time) and
 *       refused again without a bcrypt check; a user's own password is another credential, so the
 *       failures of others never lock it out;
 *   <li>at most {@link Limits#concurrentChecks} bcrypt checks run at once, so new credentials never
 *       take all the CPU from requests of callers already verified; a credential that finds them
 *       all busy is not checked and answered as backpressure ({@link AuthenticationFailure#busy});
 *       one that is being checked already waits for that check rather than start its own.
 * </ul>
 */
public final class BasicCredentialsAuthenticator extends SchemeAuthenticator {
  static final String SCHEME = "Basic ";
  static final String INVALID = "Invalid username or password";
  static final String BUSY =
      "The gateway is checking as many passwords as it may at once and did not check this one;"
          + " retry later";
  private static final String CHALLENGE = "Basic realm=\"camunda\"";
  private static final int DEFAULT_COST = 10; // BCrypt.gensalt()'s, which hashOf uses

  /**
   * @param rememberedFailures how many failed credentials are remembered at most
   * @param failureTtl how long a failed credential is remembered
   * @param concurrentChecks how many bcrypt checks may run at once
   */
  public record Limits(int rememberedFailures, Duration failureTtl, int concurrentChecks) {
    public Limits {
      Objects.requireNonNull(failureTtl, "failureTtl");
      if (rememberedFailures < 0) {
        throw new IllegalArgumentException(
            "rememberedFailures must be >= 0, but was " + rememberedFailures);
      }
      if (concurrentChecks < 1) {
        throw new IllegalArgumentException(
            "concurrentChecks must be >= 1, but was " + concurrentChecks);
      }
    }
  }

  private final Map<String, BasicUser> users;
  private final boolean sendTenants;
  private final PasswordCheck passwords;
  // compared against when the user is unknown, so that unknown and known users take as long
  private final String unknownUserHash;
  private final Cache<String, Boolean> failures;
  private final Semaphore checks;
  // credentials being checked now, by key: the same credential arriving meanwhile waits for it
  private final ConcurrentHashMap<String, CompletableFuture<Boolean>> running =
      new ConcurrentHashMap<>();

  /**
   * @param sendTenants tenant checks are on: the users' tenants go to the broker
   * @param ttl how long verified credentials are remembered
   * @param maxEntries how many verified credentials are remembered at most
   */
  public BasicCredentialsAuthenticator(
      final List<BasicUser> users,
      final boolean sendTenants,
      final Duration ttl,
      final int maxEntries,
      final Limits limits) {
    this(users, sendTenants, ttl, maxEntries, limits, BCrypt::checkpw);
  }

  /** With the password check as a seam: tests count the bcrypt checks. */
  BasicCredentialsAuthenticator(
      final List<BasicUser> users,
      final boolean sendTenants,
      final Duration ttl,
      final int maxEntries,
      final Limits limits,
      final PasswordCheck passwords) {
    super(SCHEME, "basic authentication", ttl, maxEntries);
    this.passwords = passwords;
    final var byName = new HashMap<String, BasicUser>();
    int cost = 0;
    for (final BasicUser user : users) {
      if (!user.passwordHash().startsWith("$2")) {
        throw new IllegalArgumentException(
            "The password of user '" + user.username() + "' is not a bcrypt hash");
      }
      byName.put(user.username(), user);
      cost = Math.max(cost, costOf(user.passwordHash()));
    }
    this.users = Map.copyOf(byName);
    this.sendTenants = sendTenants;
    unknownUserHash =
        BCrypt.hashpw(randomPassword(), BCrypt.gensalt(cost == 0 ? DEFAULT_COST : cost));
    failures =
        Caffeine.newBuilder()
            .maximumSize(limits.rememberedFailures())
            .expireAfterWrite(limits.failureTtl())
            .build();
    checks = new Semaphore(limits.concurrentChecks());
  }

  /** The cost factor of a bcrypt hash ({@code $2b$10$...}); 0 when it names none. */
  static int costOf(final String hash) {
    final int end = hash.indexOf('$', 4);
    if (hash.length() < 7 || hash.charAt(3) != '$' || end != 6) {
      return 0;
    }
    try {
      return Integer.parseInt(hash, 4, 6, 10);
    } catch (final NumberFormatException e) {
      return 0;
    }
  }

  private static String randomPassword() {
    final byte[] bytes = new byte[16];
    new SecureRandom().nextBytes(bytes);
    return Base64.getEncoder().encodeToString(bytes);
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

  /** A password against its bcrypt hash: {@link BCrypt#checkpw}. */
  @FunctionalInterface
  interface PasswordCheck {
    boolean matches(String password, String hash);
  }

  @Override
  public String challenge() {
    return CHALLENGE;
  }

  /** The decoded {@code username:password}; as sent when it is no Base64 (check refuses it). */
  @Override
  String normalised(final String credential) {
    final String decoded = decode(credential);
    return decoded == null ? credential : decoded;
  }

  private static String decode(final String encoded) {
    try {
      return new String(Base64.getDecoder().decode(encoded), StandardCharsets.UTF_8);
    } catch (final IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * Whether the password is the user's (an unknown user's never is), by one bcrypt check; null when
   * all the checks allowed at once are taken. A client's requests that arrive together with one
   * credential wait for the one check (at most a bcrypt's time) instead of each starting one.
   */
  private Boolean matches(final String key, final String password, final BasicUser user) {
    final var mine = new CompletableFuture<Boolean>();
    final CompletableFuture<Boolean> other = running.putIfAbsent(key, mine);
    if (other != null) {
      return other.join();
    }
    try {
      final Boolean matches;
      if (checks.tryAcquire()) {
        try {
          matches =
              passwords.matches(password, user == null ? unknownUserHash : user.passwordHash());
        } finally {
          checks.release();
        }
      } else {
        matches = null;
      }
      mine.complete(matches);
      return matches;
    } catch (final RuntimeException e) {
      mine.completeExceptionally(e);
      throw e;
    } finally {
      running.remove(key, mine);
    }
  }

  @Override
  Verified check(final String encoded, final String key) throws AuthenticationFailure {
    final String decoded = decode(encoded);
    if (decoded == null) {
      throw new AuthenticationFailure("The basic credentials are not valid Base64");
    }
    final int colon = decoded.indexOf(':');
    if (colon < 0) {
      throw new AuthenticationFailure("The basic credentials are not of the form user:password");
    }
    if (failures.getIfPresent(key) != null) {
      throw new AuthenticationFailure(INVALID);
    }
    final String username = decoded.substring(0, colon);
    final String password = decoded.substring(colon + 1);
    final BasicUser user = users.get(username);
    final Boolean matches = matches(key, password, user);
    if (matches == null) {
      throw AuthenticationFailure.busy(BUSY);
    }
    if (user == null || !matches) {
      failures.put(key, Boolean.TRUE);
      throw new AuthenticationFailure(INVALID);
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
