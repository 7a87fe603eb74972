package io.gatefork.gateway.rest.security;

import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.auth.TenantRefusal;
import io.gatefork.service.validation.TenantIdRules;
import java.util.List;

/**
 * REST's door to the tenant rule ({@link TenantAccess}), passed once per request by the handler
 * that reads the request's tenant: the format ({@link TenantIdRules}), then, with multi-tenancy
 * checks on, the caller's access. With checks off REST checks the format only. A refusal is a
 * {@link TenantRefusal}, whose message is the stock REST wording (naming the context's operation).
 */
public final class RestTenantChecks {
  private RestTenantChecks() {}

  /** The tenant a request acts in: well-formed and, with checks on, one the caller may act in. */
  public static String tenantId(
      final String field, final String value, final RequestContext context) {
    TenantIdRules.format(field, value);
    final TenantRefusal refusal =
        context.caller().tenantChecks()
            ? TenantAccess.refusal(context.caller(), context.operation(), field, value)
            : null;
    if (refusal != null) {
      throw refusal;
    }
    return value;
  }

  /** The tenants of a job activation: each well-formed and, with checks on, the caller's. */
  public static List<String> tenantIds(
      final String field, final List<String> values, final RequestContext context) {
    final List<String> checked = TenantIdRules.formats(field, values);
    checkAll(field, context, checked);
    return checked;
  }

  /**
   * None named means the caller's tenants ({@link TenantAccess#activationTenants}); a caller
   * without tenants is refused then ({@link TenantAccess#activationRefusal}).
   */
  static void checkAll(
      final String field, final RequestContext context, final List<String> tenantIds) {
    if (context.caller().tenantChecks()) {
      throwIf(
          TenantAccess.activationRefusal(context.caller(), context.operation(), field, tenantIds));
    }
  }

  private static void throwIf(final TenantRefusal refusal) {
    if (refusal != null) {
      throw refusal;
    }
  }
}
