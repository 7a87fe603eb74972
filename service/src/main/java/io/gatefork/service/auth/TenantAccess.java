package io.gatefork.service.auth;

import io.camunda.zeebe.protocol.record.value.TenantOwned;
import java.util.List;

/**
 * Which tenant ids a caller may name, following the stock gateway: with multi-tenancy checks off
 * only the default tenant (or none, meaning the default) is accepted; with them on a tenant id must
 * be given and must be one of the caller's authorized tenants. The front ends word the answers
 * their own way (REST ProblemDetail, gRPC status), as the stock gateway does.
 */
public final class TenantAccess {

  /** The outcome of a check. */
  public enum Verdict {
    /** Fine: send it. */
    ALLOWED,
    /** Checks off, but a tenant other than the default was named. */
    MULTI_TENANCY_DISABLED,
    /** Checks on, but no tenant was named. */
    MISSING,
    /** Checks on, and the caller is not authorized for the tenant. */
    NOT_AUTHORIZED
  }

  private TenantAccess() {}

  public static Verdict check(final Caller caller, final String tenantId) {
    final boolean given = tenantId != null && !tenantId.isBlank();
    if (!caller.tenantChecks()) {
      return !given || TenantOwned.DEFAULT_TENANT_IDENTIFIER.equals(tenantId)
          ? Verdict.ALLOWED
          : Verdict.MULTI_TENANCY_DISABLED;
    }
    if (!given) {
      return Verdict.MISSING;
    }
    return caller.tenantIds().contains(tenantId) ? Verdict.ALLOWED : Verdict.NOT_AUTHORIZED;
  }

  /** The first tenant of the list that fails, or null when all are allowed. */
  public static String firstRefused(final Caller caller, final List<String> tenantIds) {
    for (final String tenantId : tenantIds) {
      if (check(caller, tenantId) != Verdict.ALLOWED) {
        return tenantId;
      }
    }
    return null;
  }

  /**
   * The tenants a job activation or job stream asks for: the named ones; when none are named, the
   * caller's authorized tenants with checks on, else the default tenant.
   */
  public static List<String> activationTenants(final Caller caller, final List<String> named) {
    if (named != null && !named.isEmpty()) {
      return named;
    }
    return caller.tenantChecks() && !caller.tenantIds().isEmpty()
        ? caller.tenantIds()
        : List.of(TenantOwned.DEFAULT_TENANT_IDENTIFIER);
  }
}
