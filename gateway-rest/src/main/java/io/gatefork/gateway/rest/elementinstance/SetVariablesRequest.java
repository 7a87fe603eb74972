package io.gatefork.gateway.rest.elementinstance;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code PUT /v2/element-instances/{key}/variables}; variables is required. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SetVariablesRequest(
    JsonObjectText variables, Boolean local, Long operationReference) {}
