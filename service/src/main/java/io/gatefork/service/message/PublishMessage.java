package io.gatefork.service.message;

/**
 * @param timeToLiveMillis how long the message waits for a subscription
 * @param messageId null or a unique id (duplicates are rejected by the broker)
 * @param variablesJson a JSON object, or null
 */
public record PublishMessage(
    String name,
    String correlationKey,
    long timeToLiveMillis,
    String messageId,
    String variablesJson,
    String tenantId) {}
