package io.gatefork.service.signal;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.validation.FieldRules;

/**
 * Its field rules hold once it exists: both front ends build it from their request, so a bad field
 * is refused there, once, before the service is called.
 *
 * @param variables a JSON object, or null
 * @param tenantId null for the default tenant
 */
public record BroadcastSignal(String signalName, JsonDocument variables, String tenantId) {

  public BroadcastSignal {
    FieldRules.requireText("signalName", signalName);
  }
}
