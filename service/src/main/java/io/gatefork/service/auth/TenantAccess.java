package io.gatefork.service.auth;

import io.camunda.zeebe.protocol.record.value.TenantOwned;
import io.gatefork.service.operation.Operation;
import java.util.Collections;
import java.util.List;

/**
 * Which tenant ids a caller may name, following the stock gateway: with multi-tenancy checks off
 * only the default tenant (or none, meaning the default) is accepted; with them on a tenant id must
 * be given and must be one of the caller's authorized tenants. Each front end applies it once per
 * request, where it reads the tenant (REST: {@code RestTenantChecks}, gRPC: {@code
 * GatewayRequestValidator}); a failure is a {@link TenantRefusal}, which each words as the stock
 * gateway does.
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

  /** The refusal of the one tenant a request names, or null when the caller may act in it. */
  public static TenantRefusal refusal(
      final Caller caller, final Operation operation, final String field, final String tenantId) {
    final Verdict verdict = check(caller, tenantId);
    return verdict == Verdict.ALLOWED
        ? null
        : new TenantRefusal(
            verdict, operation, field, tenantId, Collections.singletonList(tenantId));
  }

  /**
   * The refusal of the first tenant of a job activation's list that fails, or null. With checks off
   * every element must be the default tenant: a blank one is refused too, as a list names tenants.
   */
  public static TenantRefusal firstRefusal(
      final Caller caller,
      final Operation operation,
      final String field,
      final List<String> tenantIds) {
    for (final String tenantId : tenantIds) {
      final Verdict verdict =
          caller.tenantChecks() || TenantOwned.DEFAULT_TENANT_IDENTIFIER.equals(tenantId)
              ? check(caller, tenantId)
              : Verdict.MULTI_TENANCY_DISABLED;
      if (verdict != Verdict.ALLOWED) {
        return new TenantRefusal(verdict, operation, field, tenantId, tenantIds);
      }
    }
    return null;
  }

  /**
   * The refusal of a job activation's or job stream's tenants, or null: the first named one that
   * fails ({@link #firstRefusal}); when none are named, with checks on, a caller without tenants is
   * refused as if it had named the default tenant, the one the activation would otherwise ask for
   * and which such a caller may not name either.
   */
  public static TenantRefusal activationRefusal(
      final Caller caller,
      final Operation operation,
      final String field,
      final List<String> tenantIds) {
    if (tenantIds.isEmpty()) {
      return caller.tenantChecks() && caller.tenantIds().isEmpty()
          ? new TenantRefusal(
              Verdict.NOT_AUTHORIZED,
              operation,
              field,
              TenantOwned.DEFAULT_TENANT_IDENTIFIER,
              tenantIds)
          : null;
    }
    return firstRefusal(caller, operation, field, tenantIds);
  }

  /**
   * The tenants a job activation or job stream asks for: the named ones; when none are named, the
   * caller's authorized tenants with checks on, else the default tenant. With checks on, a caller
   * without tenants never gets here: the front ends refuse it ({@link #activationRefusal}).
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
