package io.gatefork.gateway.rest.batchoperation;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Body of the four batch operation creations under {@code /v2/process-instances}: the filter (kept
 * as a tree for {@link ProcessInstanceFilterParser}) and, per operation, a migration plan or move
 * instructions.
 */
public record ProcessInstanceBatchOperationRequest(
    JsonNode filter, MigrationPlan migrationPlan, List<MoveInstruction> moveInstructions) {

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record MigrationPlan(
      String targetProcessDefinitionKey, List<MappingInstruction> mappingInstructions) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record MappingInstruction(String sourceElementId, String targetElementId) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record MoveInstruction(String sourceElementId, String targetElementId) {}
}
