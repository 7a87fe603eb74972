package io.gatefork.gateway.rest.message;

/** {@code MessageCorrelationResult} of the 8.8 spec; keys as strings. */
public record MessageCorrelationResponse(
    String tenantId, String messageKey, String processInstanceKey) {}
