package io.gatefork.service.identity;

import java.util.List;

/**
 * Permissions of an owner on resources. The types are the names of the protocol's enums ({@code
 * AuthorizationOwnerType}, {@code AuthorizationResourceType}, {@code PermissionType}), checked by
 * the service.
 *
 * @param resourceId one resource's id, or {@code *} for all resources of the type
 */
public record AuthorizationGrant(
    String ownerId,
    String ownerType,
    String resourceId,
    String resourceType,
    List<String> permissionTypes) {}
