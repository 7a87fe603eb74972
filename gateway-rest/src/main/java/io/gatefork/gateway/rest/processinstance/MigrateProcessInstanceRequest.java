package io.gatefork.gateway.rest.processinstance;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** Body of {@code POST /v2/process-instances/{key}/migration}. */
public record MigrateProcessInstanceRequest(
    String targetProcessDefinitionKey,
    List<MappingInstruction> mappingInstructions,
    Long operationReference) {

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record MappingInstruction(String sourceElementId, String targetElementId) {}
}
