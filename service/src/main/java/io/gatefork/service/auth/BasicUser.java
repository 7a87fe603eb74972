package io.gatefork.service.auth;

import java.util.List;

/**
 * A user of basic authentication as configured ({@code camunda.security.initialization.users[]}).
 *
 * @param passwordHash a bcrypt hash; the plaintext is never kept
 * @param tenantIds the tenants the user may act in when tenant checks are on
 */
public record BasicUser(
    String username, String passwordHash, String name, String email, List<String> tenantIds) {

  public BasicUser {
    tenantIds = tenantIds == null ? List.of() : List.copyOf(tenantIds);
  }
}
