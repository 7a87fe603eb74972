package io.gatefork.service.message;

/**
 * A message to correlate at once (no time to live): it starts or continues exactly one process
 * instance, or the command is rejected.
 *
 * @param correlationKey null or empty for message start events without a key
 * @param variablesJson a JSON object, or null
 * @param tenantId null for the default tenant
 */
public record CorrelateMessage(
    String name, String correlationKey, String variablesJson, String tenantId) {}
