package io.gatefork.gateway.rest.processinstance;

import static io.gatefork.gateway.rest.validation.RequestChecks.invalid;

import io.gatefork.gateway.rest.json.JsonObjectText;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.gateway.rest.validation.RequestChecks;
import io.gatefork.service.processinstance.CreateProcessInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Validates process-instance requests and turns them into service commands. */
final class ProcessInstanceRequestMapper {
  static final int LATEST_VERSION = -1;

  private ProcessInstanceRequestMapper() {}

  static CreateProcessInstance toCreateProcessInstance(
      final ProcessInstanceCreationRequest request) {
    final boolean byKey = request.processDefinitionKey() != null;
    final boolean byId = request.processDefinitionId() != null;
    if (byKey == byId) {
      throw invalid(
          "processDefinitionKey, processDefinitionId",
          byKey ? "give only one of them" : "one of them is required");
    }
    final Long processDefinitionKey =
        byKey ? LongKeys.parse("processDefinitionKey", request.processDefinitionKey()) : null;
    final String processDefinitionId =
        byId
            ? RequestChecks.requireText("processDefinitionId", request.processDefinitionId())
            : null;
    final int version =
        byId && request.processDefinitionVersion() != null
            ? request.processDefinitionVersion()
            : LATEST_VERSION;
    if (request.runtimeInstructions() != null && !request.runtimeInstructions().isEmpty()) {
      // alpha in 8.8; silently dropping a TERMINATE instruction would change the outcome
      throw invalid("runtimeInstructions", "are not supported by this gateway");
    }
    return new CreateProcessInstance(
        processDefinitionKey,
        processDefinitionId,
        version,
        JsonObjectText.jsonOrNull(request.variables()),
        RequestChecks.tenantId("tenantId", request.tenantId()),
        RequestChecks.operationReference("operationReference", request.operationReference()),
        startElementIds(request.startInstructions()),
        RequestChecks.tags("tags", request.tags()));
  }

  /** Null for the cluster's request timeout (absent or 0). */
  static Duration requestTimeout(final ProcessInstanceCreationRequest request) {
    final long millis = RequestChecks.notNegative("requestTimeout", request.requestTimeout(), 0);
    return millis == 0 ? null : Duration.ofMillis(millis);
  }

  static List<String> fetchVariables(final ProcessInstanceCreationRequest request) {
    return RequestChecks.names("fetchVariables", request.fetchVariables());
  }

  static Long cancelOperationReference(final CancelProcessInstanceRequest request) {
    return request == null
        ? null
        : RequestChecks.operationReference("operationReference", request.operationReference());
  }

  private static List<String> startElementIds(
      final List<ProcessInstanceCreationRequest.StartInstruction> instructions) {
    if (instructions == null || instructions.isEmpty()) {
      return List.of();
    }
    final var elementIds = new ArrayList<String>(instructions.size());
    for (int i = 0; i < instructions.size(); i++) {
      final var instruction = instructions.get(i);
      final String field = "startInstructions[" + i + "].elementId";
      elementIds.add(
          RequestChecks.requireText(field, instruction == null ? null : instruction.elementId()));
    }
    return elementIds;
  }
}
