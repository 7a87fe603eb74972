package io.gatefork.service.resource;

/**
 * A deployed resource as the engine keeps it (resources that are not BPMN, DMN or forms, e.g. RPA
 * scripts).
 *
 * @param versionTag empty when the resource has none
 * @param content the resource's content as deployed, as text
 */
public record FetchedResource(
    long resourceKey,
    String resourceId,
    String resourceName,
    int version,
    String versionTag,
    String tenantId,
    long deploymentKey,
    String content) {}
