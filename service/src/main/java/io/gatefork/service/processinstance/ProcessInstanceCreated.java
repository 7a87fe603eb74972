package io.gatefork.service.processinstance;

import java.util.List;

public record ProcessInstanceCreated(
    long processDefinitionKey,
    String bpmnProcessId,
    int version,
    long processInstanceKey,
    String tenantId,
    List<String> tags) {}
