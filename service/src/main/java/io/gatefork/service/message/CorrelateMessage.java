package io.gatefork.service.message;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.validation.FieldRules;

/**
 * A message to correlate at once (no time to live): it starts or continues exactly one process
 * instance, or the command is rejected. Its field rules hold once it exists: both front ends build
 * it from their request, so a bad field is refused there, once, before the service is called.
 *
 * @param correlationKey null or empty for message start events without a key
 * @param variables a JSON object, or null
 * @param tenantId null for the default tenant
 */
public record CorrelateMessage(
    String name, String correlationKey, JsonDocument variables, String tenantId) {

  public CorrelateMessage {
    FieldRules.requireText("name", name);
  }
}
