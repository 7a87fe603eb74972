package io.gatefork.gateway.rest.message;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code POST /v2/messages/publication}; only name is required. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MessagePublicationRequest(
    String name,
    String correlationKey,
    Long timeToLive,
    String messageId,
    JsonObjectText variables,
    String tenantId) {}
