package io.gatefork.service.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Credentials that passed a costly check (bcrypt, a token signature), remembered for a short time
 * keyed by a SHA-256 digest of the normalised credential, so the cache never holds a password or
 * token. Bounded: when full it starts over rather than tracking recency on the hot path. Failures
 * are never remembered.
 */
final class VerifiedCredentials {
  // MessageDigest.getInstance walks the security providers: once per thread, not per request
  private static final ThreadLocal<MessageDigest> SHA_256 =
      ThreadLocal.withInitial(
          () -> {
            try {
              return MessageDigest.getInstance("SHA-256");
            } catch (final NoSuchAlgorithmException e) {
              throw new IllegalStateException("SHA-256 is part of every JDK", e);
            }
          });

  private final long ttlNanos;
  private final int maxEntries;
  private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();

  VerifiedCredentials(final Duration ttl, final int maxEntries) {
    ttlNanos = ttl.toNanos();
    this.maxEntries = maxEntries;
  }

  /** The key of a normalised credential: its digest. */
  static String keyOf(final String credential) {
    // digest() resets the instance, so the thread's next call starts clean
    final byte[] hash = SHA_256.get().digest(credential.getBytes(StandardCharsets.UTF_8));
    return Base64.getEncoder().encodeToString(hash);
  }

  /** The caller remembered under this key, or null when none or expired. */
  Caller get(final String key) {
    final Entry entry = entries.get(key);
    if (entry == null) {
      return null;
    }
    if (System.nanoTime() - entry.expiresAt >= 0) {
      entries.remove(key, entry);
      return null;
    }
    return entry.caller;
  }

  /**
   * @param notAfterNanos a hard end in {@link System#nanoTime()} terms (a token's expiry), or
   *     Long.MAX_VALUE for none
   */
  void put(final String key, final Caller caller, final long notAfterNanos) {
    if (entries.size() >= maxEntries) {
      entries.clear();
    }
    final long now = System.nanoTime();
    final long ttlEnd = now + ttlNanos;
    final long end =
        notAfterNanos == Long.MAX_VALUE || ttlEnd - notAfterNanos < 0 ? ttlEnd : notAfterNanos;
    entries.put(key, new Entry(caller, end));
  }

  private record Entry(Caller caller, long expiresAt) {}
}
