package io.gatefork.service.processinstance;

import static io.gatefork.service.validation.FieldRules.element;

import io.gatefork.service.validation.FieldRules;
import java.util.List;

/**
 * Moves a running instance to another process definition. Its field rules hold once it exists: both
 * front ends build it from their request, so a bad key or element id is refused there, once, before
 * the service is called.
 *
 * @param mappingInstructions which element of the source maps to which of the target
 * @param operationReference null when absent
 */
public record MigrateProcessInstance(
    long processInstanceKey,
    long targetProcessDefinitionKey,
    List<MappingInstruction> mappingInstructions,
    Long operationReference) {

  public MigrateProcessInstance {
    FieldRules.requireKey("processInstanceKey", processInstanceKey);
    FieldRules.requireKey("targetProcessDefinitionKey", targetProcessDefinitionKey);
    mappingInstructions = mappingInstructions == null ? List.of() : mappingInstructions;
    for (int i = 0; i < mappingInstructions.size(); i++) {
      final MappingInstruction mapping =
          FieldRules.requireElement("mappingInstructions", i, mappingInstructions.get(i));
      if (isBlank(mapping.sourceElementId()) || isBlank(mapping.targetElementId())) {
        final String field = element("mappingInstructions", i);
        FieldRules.requireText(field + ".sourceElementId", mapping.sourceElementId());
        FieldRules.requireText(field + ".targetElementId", mapping.targetElementId());
      }
    }
    FieldRules.operationReference("operationReference", operationReference);
  }

  private static boolean isBlank(final String text) {
    return text == null || text.isBlank();
  }

  public record MappingInstruction(String sourceElementId, String targetElementId) {}
}
