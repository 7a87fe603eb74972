package io.gatefork.gateway.rest.message;

import io.gatefork.service.codec.JsonDocument;

/** Body of {@code POST /v2/messages/publication}; only name is required. */
public record MessagePublicationRequest(
    String name,
    String correlationKey,
    Long timeToLive,
    String messageId,
    JsonDocument variables,
    String tenantId) {}
