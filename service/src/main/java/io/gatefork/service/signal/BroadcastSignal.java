package io.gatefork.service.signal;

/**
 * @param variablesJson a JSON object, or null
 * @param tenantId null for the default tenant
 */
public record BroadcastSignal(String signalName, String variablesJson, String tenantId) {}
