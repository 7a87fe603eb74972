package io.gatefork.gateway.rest.elementinstance;

import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code PUT /v2/element-instances/{key}/variables}; variables is required. */
public record SetVariablesRequest(
    JsonObjectText variables, Boolean local, Long operationReference) {}
