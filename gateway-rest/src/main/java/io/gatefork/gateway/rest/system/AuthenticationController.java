package io.gatefork.gateway.rest.system;

import io.gatefork.gateway.rest.stage.RequestStages;
import io.gatefork.gateway.rest.stage.RestOperations;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v2/authentication/me}. gatefork runs without authentication for now, so every caller
 * is the same anonymous user: no username, display name {@code anonymous}, no groups, roles,
 * tenants or components, nothing to log out of. Once authentication lands this answers the
 * authenticated caller instead.
 */
@RestController
public class AuthenticationController {
  static final String ANONYMOUS = "anonymous";
  static final CurrentUserResponse ANONYMOUS_USER =
      new CurrentUserResponse(
          null, ANONYMOUS, null, List.of(), List.of(), List.of(), List.of(), "", Map.of(), false);

  @GetMapping(path = "/v2/authentication/me", produces = MediaType.APPLICATION_JSON_VALUE)
  public CurrentUserResponse getAuthentication(final HttpServletRequest request) {
    RequestStages.enter(request, RestOperations.AUTHENTICATION);
    return ANONYMOUS_USER;
  }
}
