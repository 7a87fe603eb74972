package io.gatefork.service.auth;

import io.camunda.zeebe.auth.Authorization;
import io.camunda.zeebe.protocol.impl.encoding.AuthInfo;
import io.camunda.zeebe.util.buffer.BufferWriter;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Who sent a request: a user (basic credentials or a token's username claim), a client (a token's
 * client id claim) or the anonymous caller of an unprotected API. Immutable; built once per
 * authentication and reused for every request the same credential sends.
 *
 * <p>It carries the broker-side form of the identity, the encoded {@code AuthInfo} claims the stock
 * 8.8 gateway puts into every command ({@link #authorization()}): {@code
 * authorized_anonymous_user=true} for the anonymous caller; otherwise {@code authorized_username}
 * and/or {@code authorized_client_id} (a token may carry both claims), the token's claims as {@code
 * user_token_claims}, the groups (when a groups claim is configured) as {@code user_groups_claims},
 * and, when tenant checks are on, the authorized tenants as {@code authorized_tenants}. It is
 * encoded here once, so the hot path only copies bytes.
 */
public final class Caller {
  public static final Caller ANONYMOUS =
      new Caller(Kind.ANONYMOUS, null, null, null, null, List.of(), null, Map.of(), false);

  /** What kind of principal the caller is. */
  public enum Kind {
    ANONYMOUS,
    USER,
    CLIENT
  }

  private final Kind kind;
  private final String id;
  private final String clientId;
  private final String displayName;
  private final String email;
  private final List<String> tenantIds;
  private final List<String> groups;
  private final Map<String, Object> tokenClaims;
  private final boolean tenantChecks;
  private final Map<String, Object> brokerClaims;
  private final EncodedAuthorization authorization;
  private final String key;

  private Caller(
      final Kind kind,
      final String id,
      final String clientId,
      final String displayName,
      final String email,
      final List<String> tenantIds,
      final List<String> groups,
      final Map<String, Object> tokenClaims,
      final boolean sendTenants) {
    this.kind = kind;
    this.id = id;
    this.clientId = clientId;
    this.displayName = displayName;
    this.email = email;
    this.tenantIds = List.copyOf(tenantIds);
    this.groups = groups == null ? null : List.copyOf(groups);
    // not Map.copyOf: a token may carry null-valued claims
    this.tokenClaims =
        tokenClaims == null
            ? Map.of()
            : Collections.unmodifiableMap(new LinkedHashMap<>(tokenClaims));
    tenantChecks = sendTenants;
    brokerClaims = Collections.unmodifiableMap(brokerClaims(sendTenants));
    authorization = EncodedAuthorization.of(brokerClaims);
    // once per credential, not per request: admission and long polling count callers by it
    key =
        switch (kind) {
          case USER -> "user:" + id;
          case CLIENT -> "client:" + id;
          case ANONYMOUS -> null;
        };
  }

  /**
   * A user known by name.
   *
   * @param clientId the token's client id as well, when it has both claims (sent along, as stock
   *     does); null otherwise
   * @param tenantIds the tenants the user may act in (empty when tenant checks are off)
   * @param groups the user's groups from a token's groups claim, or null when none is configured
   * @param tokenClaims the claims of the user's token; empty for basic credentials
   * @param sendTenants whether {@code authorized_tenants} goes to the broker (tenant checks on)
   */
  public static Caller user(
      final String username,
      final String clientId,
      final String displayName,
      final String email,
      final List<String> tenantIds,
      final List<String> groups,
      final Map<String, Object> tokenClaims,
      final boolean sendTenants) {
    return new Caller(
        Kind.USER,
        Objects.requireNonNull(username, "username"),
        clientId,
        displayName,
        email,
        tenantIds,
        groups,
        tokenClaims,
        sendTenants);
  }

  /** A machine client known by its client id (see {@link #user} for the other parameters). */
  public static Caller client(
      final String clientId,
      final List<String> tenantIds,
      final List<String> groups,
      final Map<String, Object> tokenClaims,
      final boolean sendTenants) {
    return new Caller(
        Kind.CLIENT,
        Objects.requireNonNull(clientId, "clientId"),
        clientId,
        null,
        null,
        tenantIds,
        groups,
        tokenClaims,
        sendTenants);
  }

  public Kind kind() {
    return kind;
  }

  public boolean isAnonymous() {
    return kind == Kind.ANONYMOUS;
  }

  /**
   * The key the gateway counts this caller's share of its limits under: {@code user:<name>} or
   * {@code client:<id>}, which no remote address can be; null for the anonymous caller, who is
   * known only by its address.
   */
  public String key() {
    return key;
  }

  /** The username or client id; null for the anonymous caller. */
  public String id() {
    return id;
  }

  /** The client id (of a client, or of a user's token that names one), else null. */
  public String clientId() {
    return clientId;
  }

  /** The username for a user, else null. */
  public String username() {
    return kind == Kind.USER ? id : null;
  }

  public String displayName() {
    return displayName;
  }

  public String email() {
    return email;
  }

  public List<String> tenantIds() {
    return tenantIds;
  }

  /** Groups from the token's groups claim; empty when none is configured or known. */
  public List<String> groups() {
    return groups == null ? List.of() : groups;
  }

  public Map<String, Object> tokenClaims() {
    return tokenClaims;
  }

  /** The encoded {@code AuthInfo} to send with every broker command of this caller. */
  public BufferWriter authorization() {
    return authorization;
  }

  /** The claims sent to the broker (also with job stream registrations). */
  public Map<String, Object> brokerClaims() {
    return brokerClaims;
  }

  /**
   * Whether tenant checks apply (multi-tenancy checks on): requests may then only name {@link
   * #tenantIds()}.
   */
  public boolean tenantChecks() {
    return tenantChecks;
  }

  private Map<String, Object> brokerClaims(final boolean sendTenants) {
    if (kind == Kind.ANONYMOUS) {
      return Map.of(Authorization.AUTHORIZED_ANONYMOUS_USER, true);
    }
    final var claims = new HashMap<String, Object>();
    if (kind == Kind.USER) {
      claims.put(Authorization.AUTHORIZED_USERNAME, id);
    }
    if (clientId != null) {
      claims.put(Authorization.AUTHORIZED_CLIENT_ID, clientId);
    }
    if (!tokenClaims.isEmpty()) {
      claims.put(Authorization.USER_TOKEN_CLAIMS, tokenClaims);
    }
    if (groups != null) {
      claims.put(Authorization.USER_GROUPS_CLAIMS, groups);
    }
    if (sendTenants) {
      claims.put(Authorization.AUTHORIZED_TENANTS, tenantIds);
    }
    return claims;
  }

  @Override
  public String toString() {
    return kind == Kind.ANONYMOUS ? "Caller{anonymous}" : "Caller{" + kind + " " + id + "}";
  }

  /** Immutable encoded bytes; safe to write from any number of threads at once. */
  private static final class EncodedAuthorization implements BufferWriter {
    private final DirectBuffer bytes;

    private EncodedAuthorization(final DirectBuffer bytes) {
      this.bytes = bytes;
    }

    static EncodedAuthorization of(final Map<String, Object> claims) {
      return new EncodedAuthorization(new AuthInfo().setClaims(claims).toDirectBuffer());
    }

    @Override
    public int getLength() {
      return bytes.capacity();
    }

    @Override
    public void write(final MutableDirectBuffer buffer, final int offset) {
      buffer.putBytes(offset, bytes, 0, bytes.capacity());
    }
  }
}
