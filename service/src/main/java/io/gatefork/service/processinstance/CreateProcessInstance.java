package io.gatefork.service.processinstance;

import java.util.List;

/**
 * Either {@code processDefinitionKey} or {@code bpmnProcessId} (with {@code version}, -1 = latest)
 * names the process.
 *
 * @param variablesJson a JSON object, or null
 * @param tenantId null for the default tenant
 * @param operationReference null when absent
 * @param startElementIds elements to start at instead of the start event
 * @param tags up to 10 unique tags
 */
public record CreateProcessInstance(
    Long processDefinitionKey,
    String bpmnProcessId,
    int version,
    String variablesJson,
    String tenantId,
    Long operationReference,
    List<String> startElementIds,
    List<String> tags) {}
