package io.gatefork.gateway.rest.message;

/** {@code MessagePublicationResult} of the 8.8 spec; the key as a string. */
public record MessagePublicationResponse(String tenantId, String messageKey) {}
