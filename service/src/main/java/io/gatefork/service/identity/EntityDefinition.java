package io.gatefork.service.identity;

/**
 * A group, role or tenant to create or update.
 *
 * @param id the groupId, roleId or tenantId
 * @param description null or empty for none
 */
public record EntityDefinition(String id, String name, String description) {}
