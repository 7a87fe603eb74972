package io.gatefork.gateway.rest.message;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code POST /v2/messages/correlation}; only name is required. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MessageCorrelationRequest(
    String name, String correlationKey, JsonObjectText variables, String tenantId) {}
