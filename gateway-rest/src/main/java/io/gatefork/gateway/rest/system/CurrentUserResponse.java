package io.gatefork.gateway.rest.system;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * {@code CamundaUserResult} of the 8.8 spec. Absent optional fields (no username, no e-mail for the
 * anonymous caller) are left out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CurrentUserResponse(
    String username,
    String displayName,
    String email,
    List<String> authorizedComponents,
    List<Tenant> tenants,
    List<String> groups,
    List<String> roles,
    String salesPlanType,
    Map<String, String> c8Links,
    boolean canLogout) {

  public record Tenant(String tenantId, String name, String description) {}
}
