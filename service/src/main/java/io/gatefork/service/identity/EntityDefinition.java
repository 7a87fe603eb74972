package io.gatefork.service.identity;

import io.gatefork.service.validation.FieldRules;

/**
 * A group, role or tenant to create or update. A missing or blank name is refused where the front
 * end builds it, once, before the service is called.
 *
 * @param id the groupId, roleId or tenantId
 * @param description null or empty for none
 */
public record EntityDefinition(String id, String name, String description) {

  public EntityDefinition {
    FieldRules.requireText("name", name);
  }
}
