package io.gatefork.gateway.rest.processinstance;

import com.fasterxml.jackson.annotation.JsonRawValue;
import java.util.List;

/**
 * {@code CreateProcessInstanceResult} of the 8.8 spec; keys as strings, {@code variables} written
 * as the raw JSON object the service returned ({@code {}} without awaitCompletion).
 */
public record CreateProcessInstanceResponse(
    String processDefinitionId,
    int processDefinitionVersion,
    String tenantId,
    @JsonRawValue String variables,
    String processDefinitionKey,
    String processInstanceKey,
    List<String> tags) {}
