package io.gatefork.gateway.rest.security;

import io.gatefork.gateway.rest.stage.RequestStages;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/**
 * Multi-tenancy checks of REST requests, worded as the stock 8.8 gateway words them ({@code
 * Expected to handle request Create Process Instance with ...}): with checks on, a missing tenant
 * is a 400 and a tenant the caller is not authorized for a 403. With checks off nothing changes
 * here (tenant ids are only checked for their format). The caller and the operation name come
 * from the request being handled, which the controller entered before mapping its body.
 */
public final class RestTenantChecks {

  private RestTenantChecks() {}

  /** Checks one tenant id of the current request. */
  public static void check(final String tenantId) {
    final HttpServletRequest request = currentRequest();
    if (request == null) {
      return;
    }
    final Caller caller = RequestStages.caller(request);
    if (!caller.tenantChecks()) {
      return;
    }
    final String command = RequestStages.commandName(request);
    switch (TenantAccess.check(caller, tenantId)) {
      case MISSING -> throw new ServiceException(ServiceStatus.INVALID_ARGUMENT,
          "Expected to handle request %s with multi-tenancy enabled, but no tenant identifier was provided."
              .formatted(command));
      case NOT_AUTHORIZED -> throw notAuthorized(command, tenantId);
      default -> {}
    }
  }

  /** Checks the tenants a job activation names; none means the caller's tenants. */
  public static void checkAll(final List<String> tenantIds) {
    final HttpServletRequest request = currentRequest();
    if (request == null) {
      return;
    }
    final Caller caller = RequestStages.caller(request);
    if (!caller.tenantChecks() || tenantIds.isEmpty()) {
      return;
    }
    final String refused = TenantAccess.firstRefused(caller, tenantIds);
    if (refused != null) {
      throw notAuthorized(RequestStages.commandName(request), refused);
    }
  }

  private static ServiceException notAuthorized(final String command, final String tenantId) {
    return new ServiceException(ServiceStatus.FORBIDDEN,
        "Expected to handle request %s with tenant identifier '%s', but tenant is not authorized to perform this request"
            .formatted(command, tenantId));
  }

  private static HttpServletRequest currentRequest() {
    return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes servlet
        ? servlet.getRequest() : null;
  }
}
