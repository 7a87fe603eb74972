package io.gatefork.service.processinstance;

import io.gatefork.service.codec.JsonDocument;
import java.util.List;

/** A completed instance. */
public record ProcessInstanceResult(
    long processDefinitionKey,
    String bpmnProcessId,
    int version,
    long processInstanceKey,
    String tenantId,
    JsonDocument variables,
    List<String> tags) {}
