package io.gatefork.service.processinstance;

import java.util.List;

/**
 * Moves a running instance to another process definition.
 *
 * @param mappingInstructions which element of the source maps to which of the target
 * @param operationReference null when absent
 */
public record MigrateProcessInstance(
    long processInstanceKey,
    long targetProcessDefinitionKey,
    List<MappingInstruction> mappingInstructions,
    Long operationReference) {

  public record MappingInstruction(String sourceElementId, String targetElementId) {}
}
