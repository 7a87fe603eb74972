package io.gatefork.service.auth;

import io.camunda.zeebe.protocol.record.value.TenantOwned;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.TenantIdRules;
import java.util.Collections;
import java.util.List;

/**
 * Which tenant ids a caller may name, following the stock gateway: with multi-tenancy checks off
 * only the default tenant (or none, meaning the default) is accepted; with them on a tenant id must
 * be given and must be one of the caller's authorized tenants. Each front end applies it once per
 * request, where it reads the tenant: REST through {@link #named} and {@link #namedAll} (format and
 * access, as the stock REST API checks them), gRPC through {@link #refusal} and {@link
 * #activationRefusal} ({@code GatewayRequestValidator}); a failure is a {@link TenantRefusal},
 * which each words as the stock gateway does.
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

  /**
   * The tenant a request names, checked as the stock REST API checks it: its format ({@link
   * TenantIdRules#format}), then, with multi-tenancy checks on, the caller's access. With checks
   * off the REST API checks the format only, while the stock gRPC gateway refuses any tenant but
   * the default: gRPC asks {@link #refusal} alone (a tenant it admits is the default or one of the
   * caller's, so its format needs no check).
   *
   * @throws TenantRefusal when the caller may not act in it; a {@code FieldViolation} when it is
   *     malformed
   */
  public static String named(
      final Caller caller, final Operation operation, final String field, final String value) {
    TenantIdRules.format(field, value);
    if (caller.tenantChecks()) {
      throwIf(refusal(caller, operation, field, value));
    }
    return value;
  }

  /**
   * The tenants a job activation names, checked as {@link #named} checks one (each well-formed,
   * none null), the access as {@link #activationRefusal} decides it.
   */
  public static List<String> namedAll(
      final Caller caller,
      final Operation operation,
      final String field,
      final List<String> values) {
    final List<String> checked = TenantIdRules.formats(field, values);
    if (caller.tenantChecks()) {
      throwIf(activationRefusal(caller, operation, field, checked));
    }
    return checked;
  }

  private static void throwIf(final TenantRefusal refusal) {
    if (refusal != null) {
      throw refusal;
    }
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
