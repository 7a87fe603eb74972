package io.gatefork.gateway.rest.resource;

/** {@code ResourceResult} of the 8.8 spec; the key as a string. */
public record ResourceResponse(
    String resourceName,
    int version,
    String versionTag,
    String resourceId,
    String tenantId,
    String resourceKey) {}
