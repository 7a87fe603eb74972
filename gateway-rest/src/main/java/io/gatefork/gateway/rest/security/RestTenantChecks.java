package io.gatefork.gateway.rest.security;

import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.TenantIdRules;
import java.util.List;

/**
 * Multi-tenancy checks of REST requests, worded as the stock 8.8 gateway words them ({@code
 * Expected to handle request Create Process Instance with ...}): with checks on, a missing tenant
 * is a 400 and a tenant the caller is not authorized for a 403. With checks off nothing changes
 * here (tenant ids are only checked for their format). The caller and the operation come from the
 * {@link RequestContext} of the request being handled.
 */
public final class RestTenantChecks {

  private RestTenantChecks() {}

  /**
   * The tenant a request acts in: a well-formed id ({@link TenantIdRules}) and, with multi-tenancy
   * checks on, one the request's caller is authorized for.
   */
  public static String tenantId(
      final String field, final String value, final RequestContext context) {
    TenantIdRules.format(field, value);
    check(context, value);
    return value;
  }

  /** The tenants of a job activation: each well-formed and, with checks on, the caller's. */
  public static List<String> tenantIds(
      final String field, final List<String> values, final RequestContext context) {
    final List<String> checked = TenantIdRules.formats(field, values);
    checkAll(context, checked);
    return checked;
  }

  /** Checks the one tenant id a request names. */
  static void check(final RequestContext context, final String tenantId) {
    final Caller caller = context.caller();
    if (!caller.tenantChecks()) {
      return;
    }
    switch (TenantAccess.check(caller, tenantId)) {
      case MISSING ->
          throw new ServiceException(
              ServiceStatus.INVALID_ARGUMENT,
              "Expected to handle request %s with multi-tenancy enabled, but no tenant identifier was provided."
                  .formatted(commandName(context.operation())));
      case NOT_AUTHORIZED -> throw notAuthorized(context, tenantId);
      default -> {}
    }
  }

  /** Checks the tenants a job activation names; none means the caller's tenants. */
  static void checkAll(final RequestContext context, final List<String> tenantIds) {
    final Caller caller = context.caller();
    if (!caller.tenantChecks() || tenantIds.isEmpty()) {
      return;
    }
    final String refused = TenantAccess.firstRefused(caller, tenantIds);
    if (refused != null) {
      throw notAuthorized(context, refused);
    }
  }

  /**
   * The stock name of an operation, as upstream's messages use it: {@code create-process-instance}
   * becomes {@code Create Process Instance}.
   */
  static String commandName(final Operation operation) {
    if (operation == null) {
      return "Request"; // not named by the front end; REST always names it
    }
    final String tag = operation.tag();
    final var name = new StringBuilder(tag.length());
    boolean wordStart = true;
    for (int i = 0; i < tag.length(); i++) {
      final char c = tag.charAt(i);
      if (c == '-') {
        name.append(' ');
        wordStart = true;
      } else {
        name.append(wordStart ? Character.toUpperCase(c) : c);
        wordStart = false;
      }
    }
    return name.toString();
  }

  private static ServiceException notAuthorized(
      final RequestContext context, final String tenantId) {
    return new ServiceException(
        ServiceStatus.FORBIDDEN,
        "Expected to handle request %s with tenant identifier '%s', but tenant is not authorized to perform this request"
            .formatted(commandName(context.operation()), tenantId));
  }
}
