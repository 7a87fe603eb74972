package io.gatefork.service.processinstance;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.TagRules;
import java.util.List;

/**
 * Either {@code processDefinitionKey} or {@code bpmnProcessId} (with {@code version}, -1 = latest)
 * names the process. The field rules hold once it exists: both front ends build it from their
 * request, so a bad key, element id, tag or operation reference is refused there, once, before the
 * service is called (a {@code FieldViolation} naming the field as REST does).
 *
 * @param variables a JSON object, or null
 * @param tenantId null for the default tenant
 * @param operationReference null when absent
 * @param startElementIds elements to start at instead of the start event
 * @param tags up to 10 unique tags
 * @param terminateAfterElementIds runtime instructions: terminate the instance once one of these
 *     elements has completed or terminated
 */
public record CreateProcessInstance(
    Long processDefinitionKey,
    String bpmnProcessId,
    int version,
    JsonDocument variables,
    String tenantId,
    Long operationReference,
    List<String> startElementIds,
    List<String> tags,
    List<String> terminateAfterElementIds) {

  public CreateProcessInstance {
    if (processDefinitionKey != null) {
      FieldRules.requireKey("processDefinitionKey", processDefinitionKey);
    }
    FieldRules.operationReference("operationReference", operationReference);
    startElementIds = FieldRules.texts("startInstructions", "elementId", startElementIds);
    tags = TagRules.check("tags", tags);
    terminateAfterElementIds =
        FieldRules.texts("runtimeInstructions", "afterElementId", terminateAfterElementIds);
  }

  /** Without runtime instructions. */
  public CreateProcessInstance(
      final Long processDefinitionKey,
      final String bpmnProcessId,
      final int version,
      final JsonDocument variables,
      final String tenantId,
      final Long operationReference,
      final List<String> startElementIds,
      final List<String> tags) {
    this(
        processDefinitionKey,
        bpmnProcessId,
        version,
        variables,
        tenantId,
        operationReference,
        startElementIds,
        tags,
        List.of());
  }
}
