package io.gatefork.gateway.rest.processinstance;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.service.codec.JsonDocument;
import java.util.List;

/** Body of {@code POST /v2/process-instances/{key}/modification}. */
public record ModifyProcessInstanceRequest(
    List<ActivateInstruction> activateInstructions,
    List<TerminateInstruction> terminateInstructions,
    Long operationReference) {

  /**
   * @param ancestorElementInstanceKey a key, or {@code -1} (the default) to let the engine find the
   *     flow scope instance
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record ActivateInstruction(
      String elementId,
      List<VariableInstruction> variableInstructions,
      String ancestorElementInstanceKey) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record VariableInstruction(JsonDocument variables, String scopeId) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record TerminateInstruction(String elementInstanceKey) {}
}
