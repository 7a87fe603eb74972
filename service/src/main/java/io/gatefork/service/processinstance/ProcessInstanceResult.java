package io.gatefork.service.processinstance;

import java.util.List;

/** A completed instance. {@code variablesJson} is a JSON object. */
public record ProcessInstanceResult(
    long processDefinitionKey,
    String bpmnProcessId,
    int version,
    long processInstanceKey,
    String tenantId,
    String variablesJson,
    List<String> tags) {}
