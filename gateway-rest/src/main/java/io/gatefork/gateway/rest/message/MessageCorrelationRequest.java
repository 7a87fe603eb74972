package io.gatefork.gateway.rest.message;

import io.gatefork.service.codec.JsonDocument;

/** Body of {@code POST /v2/messages/correlation}; only name is required. */
public record MessageCorrelationRequest(
    String name, String correlationKey, JsonDocument variables, String tenantId) {}
