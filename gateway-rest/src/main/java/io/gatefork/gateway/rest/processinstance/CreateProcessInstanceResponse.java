package io.gatefork.gateway.rest.processinstance;

import io.gatefork.service.codec.JsonDocument;
import java.util.List;

/**
 * {@code CreateProcessInstanceResult} of the 8.8 spec; keys as strings, {@code variables} written
 * straight from the completed instance's document ({@code {}} without awaitCompletion).
 */
public record CreateProcessInstanceResponse(
    String processDefinitionId,
    int processDefinitionVersion,
    String tenantId,
    JsonDocument variables,
    String processDefinitionKey,
    String processInstanceKey,
    List<String> tags) {}
