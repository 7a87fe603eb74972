package io.gatefork.gateway.rest.elementinstance;

import io.gatefork.service.codec.JsonDocument;

/** Body of {@code PUT /v2/element-instances/{key}/variables}; variables is required. */
public record SetVariablesRequest(JsonDocument variables, Boolean local, Long operationReference) {}
