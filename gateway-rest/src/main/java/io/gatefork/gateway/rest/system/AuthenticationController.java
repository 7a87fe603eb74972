package io.gatefork.gateway.rest.system;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.operation.Operation;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v2/authentication/me}: the authenticated caller (username, display name, e-mail,
 * groups from the token, authorized tenants when tenant checks are on). On an unprotected API every
 * caller is the same anonymous user: no username, display name {@code anonymous}, no groups, roles,
 * tenants or components. Roles and components live in secondary storage, which a gateway does not
 * read; nothing to log out of (no sessions).
 */
@RestController
public class AuthenticationController {
  static final String ANONYMOUS = "anonymous";
  static final CurrentUserResponse ANONYMOUS_USER =
      new CurrentUserResponse(
          null, ANONYMOUS, null, List.of(), List.of(), List.of(), List.of(), "", Map.of(), false);

  @GatewayOperation(Operation.AUTHENTICATION)
  @GetMapping(path = "/v2/authentication/me", produces = MediaType.APPLICATION_JSON_VALUE)
  public CurrentUserResponse getAuthentication(final RequestContext context) {
    final Caller caller = context.caller();
    if (caller.isAnonymous()) {
      return ANONYMOUS_USER;
    }
    final var tenants =
        caller.tenantIds().stream()
            .map(id -> new CurrentUserResponse.Tenant(id, id, null))
            .toList();
    return new CurrentUserResponse(
        caller.id(),
        caller.displayName() != null ? caller.displayName() : caller.id(),
        caller.email(),
        List.of(),
        tenants,
        caller.groups(),
        List.of(),
        "",
        Map.of(),
        false);
  }
}
