package io.gatefork.gateway.rest.processinstance;

import io.gatefork.gateway.rest.stage.OperationLabel;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.processinstance.CreateProcessInstance;
import io.gatefork.service.processinstance.MigrateProcessInstance;
import io.gatefork.service.processinstance.ModifyProcessInstance;
import io.gatefork.service.validation.FieldRules;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Validates process-instance requests and turns them into service commands. */
final class ProcessInstanceRequestMapper {
  static final int LATEST_VERSION = -1;
  static final String NO_ANCESTOR = "-1";
  static final String TERMINATE_PROCESS_INSTANCE = "TERMINATE_PROCESS_INSTANCE";

  private ProcessInstanceRequestMapper() {}

  /**
   * A create request mapped once: the command, the context it runs under (relabelled when the
   * answer awaits the instance's end), and for such an answer its timeout (null: the cluster's) and
   * the variables it fetches (none: all).
   */
  record Creation(
      RequestContext context,
      CreateProcessInstance command,
      boolean awaitsCompletion,
      Duration requestTimeout,
      List<String> fetchVariables) {}

  /**
   * Every field of a create request, checked in one pass, in the order of the fields; the tenant
   * against the context's caller, worded with its operation (with-result when the answer awaits the
   * instance's end: relabelled first). The command checks its key, element ids, tags and operation
   * reference itself; the service checks the names of the variables fetched.
   */
  static Creation toCreation(
      final ProcessInstanceCreationRequest request,
      final RequestContext context,
      final OperationLabel label) {
    final boolean awaits = request.awaitsCompletion();
    final RequestContext acting =
        awaits ? label.relabel(context, Operation.CREATE_PROCESS_INSTANCE_WITH_RESULT) : context;
    final boolean byKey = request.processDefinitionKey() != null;
    final boolean byId = request.processDefinitionId() != null;
    FieldRules.requireOneOf("processDefinitionKey, processDefinitionId", byKey, byId);
    final Long processDefinitionKey =
        byKey ? LongKeys.parse("processDefinitionKey", request.processDefinitionKey()) : null;
    final String processDefinitionId =
        byId ? FieldRules.requireText("processDefinitionId", request.processDefinitionId()) : null;
    final var command =
        new CreateProcessInstance(
            processDefinitionKey,
            processDefinitionId,
            byId && request.processDefinitionVersion() != null
                ? request.processDefinitionVersion()
                : LATEST_VERSION,
            request.variables(),
            TenantAccess.named(acting.caller(), acting.operation(), "tenantId", request.tenantId()),
            request.operationReference(),
            startElementIds(request.startInstructions()),
            request.tags(),
            terminateAfterElementIds(request.runtimeInstructions()));
    final long timeoutMillis =
        awaits ? FieldRules.notNegative("requestTimeout", request.requestTimeout(), 0) : 0;
    return new Creation(
        acting,
        command,
        awaits,
        timeoutMillis == 0 ? null : Duration.ofMillis(timeoutMillis),
        awaits && request.fetchVariables() != null ? request.fetchVariables() : List.of());
  }

  private static List<String> terminateAfterElementIds(
      final List<ProcessInstanceCreationRequest.RuntimeInstruction> instructions) {
    if (instructions == null || instructions.isEmpty()) {
      return List.of();
    }
    final List<String> elementIds = new ArrayList<>(instructions.size());
    for (int i = 0; i < instructions.size(); i++) {
      final var instruction =
          FieldRules.requireElement("runtimeInstructions", i, instructions.get(i));
      final String field = "runtimeInstructions[" + i + "]";
      final String type = FieldRules.requireText(field + ".type", instruction.type());
      if (!TERMINATE_PROCESS_INSTANCE.equals(type)) {
        throw FieldRules.unknownValue(field + ".type", List.of(TERMINATE_PROCESS_INSTANCE), type);
      }
      elementIds.add(instruction.afterElementId());
    }
    return elementIds;
  }

  /** Checked by the service, which both APIs call. */
  static Long cancelOperationReference(final CancelProcessInstanceRequest request) {
    return request == null ? null : request.operationReference();
  }

  /** The command checks its keys, element ids and operation reference itself. */
  static ModifyProcessInstance toModifyProcessInstance(
      final long processInstanceKey, final ModifyProcessInstanceRequest request) {
    final var activations = new ArrayList<ModifyProcessInstance.ActivateInstruction>();
    final var activateInstructions = request.activateInstructions();
    for (int i = 0; activateInstructions != null && i < activateInstructions.size(); i++) {
      final var instruction =
          FieldRules.requireElement("activateInstructions", i, activateInstructions.get(i));
      final String field = "activateInstructions[" + i + "]";
      final var variables = new ArrayList<ModifyProcessInstance.VariableInstruction>();
      final var variableInstructions = instruction.variableInstructions();
      for (int j = 0; variableInstructions != null && j < variableInstructions.size(); j++) {
        final var variable = variableInstructions.get(j);
        final String variableField = field + ".variableInstructions[" + j + "].variables";
        variables.add(
            new ModifyProcessInstance.VariableInstruction(
                FieldRules.require(variableField, variable == null ? null : variable.variables()),
                variable.scopeId()));
      }
      activations.add(
          new ModifyProcessInstance.ActivateInstruction(
              instruction.elementId(),
              ancestorKey(
                  field + ".ancestorElementInstanceKey", instruction.ancestorElementInstanceKey()),
              variables));
    }
    final var terminations = new ArrayList<Long>();
    final var terminateInstructions = request.terminateInstructions();
    for (int i = 0; terminateInstructions != null && i < terminateInstructions.size(); i++) {
      final var instruction = terminateInstructions.get(i);
      terminations.add(
          LongKeys.parse(
              "terminateInstructions[" + i + "].elementInstanceKey",
              instruction == null ? null : instruction.elementInstanceKey()));
    }
    return new ModifyProcessInstance(
        processInstanceKey, activations, terminations, request.operationReference());
  }

  /** The command checks its keys, element ids and operation reference itself. */
  static MigrateProcessInstance toMigrateProcessInstance(
      final long processInstanceKey, final MigrateProcessInstanceRequest request) {
    final long targetKey =
        LongKeys.parse("targetProcessDefinitionKey", request.targetProcessDefinitionKey());
    final var mappingInstructions =
        FieldRules.require("mappingInstructions", request.mappingInstructions());
    final var mappings = new ArrayList<MigrateProcessInstance.MappingInstruction>();
    for (int i = 0; i < mappingInstructions.size(); i++) {
      final var mapping =
          FieldRules.requireElement("mappingInstructions", i, mappingInstructions.get(i));
      mappings.add(
          new MigrateProcessInstance.MappingInstruction(
              mapping.sourceElementId(), mapping.targetElementId()));
    }
    return new MigrateProcessInstance(
        processInstanceKey, targetKey, mappings, request.operationReference());
  }

  /** Absent or {@code -1}: no ancestor given (the engine finds the flow scope instance). */
  private static long ancestorKey(final String field, final String value) {
    if (value == null || NO_ANCESTOR.equals(value)) {
      return -1;
    }
    return LongKeys.parse(field, value);
  }

  private static List<String> startElementIds(
      final List<ProcessInstanceCreationRequest.StartInstruction> instructions) {
    if (instructions == null || instructions.isEmpty()) {
      return List.of();
    }
    final var elementIds = new ArrayList<String>(instructions.size());
    for (int i = 0; i < instructions.size(); i++) {
      final var instruction = instructions.get(i);
      elementIds.add(instruction == null ? null : instruction.elementId());
    }
    return elementIds;
  }
}
