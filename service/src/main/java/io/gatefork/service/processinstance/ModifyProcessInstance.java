package io.gatefork.service.processinstance;

import static io.gatefork.service.validation.FieldRules.element;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.validation.FieldRules;
import java.util.List;

/**
 * Activates and terminates elements of a running instance in one step. Its field rules hold once it
 * exists: both front ends build it from their request, so a bad key or element id is refused there,
 * once, before the service is called.
 *
 * @param terminateElementInstanceKeys element instances to terminate
 * @param operationReference null when absent
 */
public record ModifyProcessInstance(
    long processInstanceKey,
    List<ActivateInstruction> activateInstructions,
    List<Long> terminateElementInstanceKeys,
    Long operationReference) {

  public ModifyProcessInstance {
    FieldRules.requireKey("processInstanceKey", processInstanceKey);
    activateInstructions = activateInstructions == null ? List.of() : activateInstructions;
    for (int i = 0; i < activateInstructions.size(); i++) {
      final ActivateInstruction activation = activateInstructions.get(i);
      final String elementId = activation == null ? null : activation.elementId();
      if (elementId == null || elementId.isBlank()) {
        FieldRules.requireText(element("activateInstructions", i) + ".elementId", elementId);
      }
    }
    terminateElementInstanceKeys =
        terminateElementInstanceKeys == null ? List.of() : terminateElementInstanceKeys;
    for (int i = 0; i < terminateElementInstanceKeys.size(); i++) {
      final Long key = terminateElementInstanceKeys.get(i);
      if (key == null || key <= 0) {
        final String field = element("terminateInstructions", i) + ".elementInstanceKey";
        FieldRules.requireKey(field, FieldRules.require(field, key));
      }
    }
    FieldRules.operationReference("operationReference", operationReference);
  }

  /**
   * @param ancestorElementInstanceKey the flow scope instance to activate in; zero or less: let the
   *     engine find it (it must be unambiguous)
   * @param variableInstructions variables to create before the element is activated
   */
  public record ActivateInstruction(
      String elementId,
      long ancestorElementInstanceKey,
      List<VariableInstruction> variableInstructions) {}

  /**
   * @param variables a JSON object
   * @param scopeId the element whose scope gets the variables; null or empty: the process instance
   */
  public record VariableInstruction(JsonDocument variables, String scopeId) {}
}
