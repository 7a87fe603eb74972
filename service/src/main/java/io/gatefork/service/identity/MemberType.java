package io.gatefork.service.identity;

import io.camunda.zeebe.protocol.record.value.EntityType;

/** What can be a member of a group, a role or a tenant. */
public enum MemberType {
  USER(EntityType.USER),
  CLIENT(EntityType.CLIENT),
  GROUP(EntityType.GROUP),
  ROLE(EntityType.ROLE),
  MAPPING_RULE(EntityType.MAPPING_RULE);

  private final EntityType entityType;

  MemberType(final EntityType entityType) {
    this.entityType = entityType;
  }

  EntityType entityType() {
    return entityType;
  }
}
