package io.gatefork.service.identity;

import io.gatefork.service.validation.FieldRules;
import java.util.List;

/**
 * Permissions of an owner on resources. The types are the names of the protocol's enums ({@code
 * AuthorizationOwnerType}, {@code AuthorizationResourceType}, {@code PermissionType}), checked by
 * the service. Its presence rules hold once it exists: the front end that builds it refuses a
 * missing field there, once, before the service is called.
 *
 * @param resourceId one resource's id, or {@code *} for all resources of the type
 */
public record AuthorizationGrant(
    String ownerId,
    String ownerType,
    String resourceId,
    String resourceType,
    List<String> permissionTypes) {

  public AuthorizationGrant {
    FieldRules.requireText("ownerId", ownerId);
    FieldRules.requireText("ownerType", ownerType);
    FieldRules.requireText("resourceId", resourceId);
    FieldRules.requireText("resourceType", resourceType);
    FieldRules.requireNonEmpty("permissionTypes", permissionTypes);
    FieldRules.names("permissionTypes", permissionTypes);
  }
}
