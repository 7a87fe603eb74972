package io.gatefork.service.message;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.validation.FieldRules;

/**
 * Its field rules hold once it exists: both front ends build it from their request, so a bad field
 * is refused there, once, before the service is called.
 *
 * @param timeToLiveMillis how long the message waits for a subscription
 * @param messageId null or a unique id (duplicates are rejected by the broker)
 * @param variables a JSON object, or null
 */
public record PublishMessage(
    String name,
    String correlationKey,
    long timeToLiveMillis,
    String messageId,
    JsonDocument variables,
    String tenantId) {

  public PublishMessage {
    FieldRules.requireText("name", name);
    FieldRules.notNegative("timeToLive", timeToLiveMillis);
  }
}
