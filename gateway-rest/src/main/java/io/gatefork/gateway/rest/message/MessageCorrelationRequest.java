package io.gatefork.gateway.rest.message;

import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code POST /v2/messages/correlation}; only name is required. */
public record MessageCorrelationRequest(
    String name, String correlationKey, JsonObjectText variables, String tenantId) {}
