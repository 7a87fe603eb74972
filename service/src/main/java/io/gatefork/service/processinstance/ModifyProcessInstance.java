package io.gatefork.service.processinstance;

import java.util.List;

/**
 * Activates and terminates elements of a running instance in one step.
 *
 * @param terminateElementInstanceKeys element instances to terminate
 * @param operationReference null when absent
 */
public record ModifyProcessInstance(
    long processInstanceKey,
    List<ActivateInstruction> activateInstructions,
    List<Long> terminateElementInstanceKeys,
    Long operationReference) {

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
   * @param variablesJson a JSON object
   * @param scopeId the element whose scope gets the variables; null or empty: the process instance
   */
  public record VariableInstruction(String variablesJson, String scopeId) {}
}
