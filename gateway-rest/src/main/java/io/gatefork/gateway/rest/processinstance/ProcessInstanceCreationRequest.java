package io.gatefork.gateway.rest.processinstance;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.service.codec.JsonDocument;
import java.util.List;

/**
 * Body of {@code POST /v2/process-instances}: the spec's oneOf of "by key" ({@code
 * processDefinitionKey}) and "by id" ({@code processDefinitionId}, {@code
 * processDefinitionVersion}) in one record; {@link ProcessInstanceRequestMapper} enforces that
 * exactly one is given. Other properties are refused: both branches of the oneOf say {@code
 * additionalProperties: false} (see {@code StrictJsonBinding}).
 */
public record ProcessInstanceCreationRequest(
    String processDefinitionKey,
    String processDefinitionId,
    Integer processDefinitionVersion,
    JsonDocument variables,
    String tenantId,
    Long operationReference,
    List<StartInstruction> startInstructions,
    List<RuntimeInstruction> runtimeInstructions,
    Boolean awaitCompletion,
    List<String> fetchVariables,
    Long requestTimeout,
    List<String> tags) {

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record StartInstruction(String elementId) {}

  /** The spec's oneOf by {@code type}; 8.8 has only {@code TERMINATE_PROCESS_INSTANCE}. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record RuntimeInstruction(String type, String afterElementId) {}

  boolean awaitsCompletion() {
    return Boolean.TRUE.equals(awaitCompletion);
  }
}
