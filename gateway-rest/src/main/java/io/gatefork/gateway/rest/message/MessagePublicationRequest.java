package io.gatefork.gateway.rest.message;

import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code POST /v2/messages/publication}; only name is required. */
public record MessagePublicationRequest(
    String name,
    String correlationKey,
    Long timeToLive,
    String messageId,
    JsonObjectText variables,
    String tenantId) {}
