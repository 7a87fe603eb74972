package io.gatefork.service.processinstance;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRuntimeInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceMigrationMappingInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceMigrationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationActivateInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationTerminateInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationVariableInstruction;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceResultRecord;
import io.camunda.zeebe.protocol.record.value.RuntimeInstructionType;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.TenantIdRules;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.agrona.DirectBuffer;

/**
 * Creates process instances (with the partition retry, as stock 8.8 since #46984), cancels,
 * modifies and migrates them.
 */
public final class BrokerProcessInstanceServices extends ApiServices
    implements ProcessInstanceServices {

  public BrokerProcessInstanceServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<ProcessInstanceCreated> create(
      final RequestContext context, final CreateProcessInstance command) {
    final BrokerRequest<ProcessInstanceCreationRecord> request;
    try {
      request =
          withOperationReference(BrokerRequests.createProcessInstance(toRecord(command)), command);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return sendWithPartitionRetry(context, request, null, BrokerProcessInstanceServices::toCreated);
  }

  @Override
  public CompletableFuture<ProcessInstanceResult> createWithResult(
      final RequestContext context,
      final CreateProcessInstance command,
      final Duration requestTimeout,
      final List<String> fetchVariables) {
    final BrokerRequest<ProcessInstanceResultRecord> request;
    try {
      final ProcessInstanceCreationRecord record = toRecord(command);
      // the broker filters the result's variables by these names; none means all
      record.setFetchVariables(FieldRules.names("fetchVariables", fetchVariables));
      request =
          withOperationReference(BrokerRequests.createProcessInstanceWithResult(record), command);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return sendWithPartitionRetry(
        context,
        request,
        timeoutOrDefault(requestTimeout),
        BrokerProcessInstanceServices::toResult);
  }

  @Override
  public CompletableFuture<Void> cancel(
      final RequestContext context, final long processInstanceKey, final Long operationReference) {
    final BrokerRequest<ProcessInstanceRecord> request;
    try {
      request =
          BrokerRequests.cancelProcessInstance(
              FieldRules.requireKey("processInstanceKey", processInstanceKey));
      if (operationReference != null) {
        request.operationReference(
            FieldRules.operationReference("operationReference", operationReference));
      }
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<Void> modify(
      final RequestContext context, final ModifyProcessInstance command) {
    final BrokerRequest<ProcessInstanceModificationRecord> request;
    try {
      FieldRules.require("processInstanceKey", command);
      // the command checked its keys, element ids and operation reference when it was made
      final long key = command.processInstanceKey();
      request =
          referenced(
              BrokerRequests.modifyProcessInstance(key, toModification(key, command)),
              command.operationReference());
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<Void> migrate(
      final RequestContext context, final MigrateProcessInstance command) {
    final BrokerRequest<ProcessInstanceMigrationRecord> request;
    try {
      FieldRules.require("processInstanceKey", command);
      // the command checked its keys, mappings and operation reference when it was made
      final long key = command.processInstanceKey();
      final var record =
          new ProcessInstanceMigrationRecord()
              .setProcessInstanceKey(key)
              .setTargetProcessDefinitionKey(command.targetProcessDefinitionKey());
      for (final var mapping : command.mappingInstructions()) {
        record.addMappingInstruction(
            new ProcessInstanceMigrationMappingInstruction()
                .setSourceElementId(mapping.sourceElementId())
                .setTargetElementId(mapping.targetElementId()));
      }
      request =
          referenced(
              BrokerRequests.migrateProcessInstance(key, record), command.operationReference());
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  private static ProcessInstanceModificationRecord toModification(
      final long processInstanceKey, final ModifyProcessInstance command) {
    final var record =
        new ProcessInstanceModificationRecord().setProcessInstanceKey(processInstanceKey);
    final var activations = command.activateInstructions();
    for (int i = 0; i < activations.size(); i++) {
      final var activation = activations.get(i);
      final var instruction =
          new ProcessInstanceModificationActivateInstruction().setElementId(activation.elementId());
      if (activation.ancestorElementInstanceKey() > 0) {
        instruction.setAncestorScopeKey(activation.ancestorElementInstanceKey());
      }
      final var variables =
          activation.variableInstructions() == null
              ? List.<ModifyProcessInstance.VariableInstruction>of()
              : activation.variableInstructions();
      for (int j = 0; j < variables.size(); j++) {
        final var variable = variables.get(j);
        final DirectBuffer document =
            variable == null ? null : JsonDocument.bufferOf(variable.variables());
        if (document == null) {
          continue; // no variables: nothing to create (the stock gateway sends an empty document)
        }
        instruction.addVariableInstruction(
            new ProcessInstanceModificationVariableInstruction()
                .setElementId(variable.scopeId() == null ? "" : variable.scopeId())
                .setVariables(document));
      }
      record.addActivateInstruction(instruction);
    }
    for (final Long key : command.terminateElementInstanceKeys()) {
      record.addTerminateInstruction(
          new ProcessInstanceModificationTerminateInstruction().setElementInstanceKey(key));
    }
    return record;
  }

  private static ProcessInstanceCreationRecord toRecord(final CreateProcessInstance command) {
    FieldRules.require("processDefinitionKey", command);
    final var record = new ProcessInstanceCreationRecord();
    final Long key = command.processDefinitionKey();
    final String processId = command.bpmnProcessId();
    if (key != null) {
      record.setProcessDefinitionKey(key);
    } else if (processId != null && !processId.isBlank()) {
      record.setBpmnProcessId(processId);
      // as the engine reads it: negative = latest, otherwise that exact version
      record.setVersion(command.version());
    } else {
      throw FieldRules.noneOf("processDefinitionKey, processDefinitionId");
    }
    final DirectBuffer variables = JsonDocument.bufferOf(command.variables());
    if (variables != null) {
      record.setVariables(variables);
    }
    record.setTenantId(TenantIdRules.orDefault(command.tenantId()));
    // the command checked its element ids, tags and key when it was made
    for (final String elementId : command.startElementIds()) {
      record.startInstructions().add().setElementId(elementId);
    }
    for (final String elementId : command.terminateAfterElementIds()) {
      record.addRuntimeInstruction(
          new ProcessInstanceCreationRuntimeInstruction()
              .setType(RuntimeInstructionType.TERMINATE_PROCESS_INSTANCE)
              .setAfterElementId(elementId));
    }
    if (!command.tags().isEmpty()) {
      record.setTags(new HashSet<>(command.tags()));
    }
    return record;
  }

  private static <T extends UnifiedRecordValue> BrokerRequest<T> withOperationReference(
      final BrokerRequest<T> request, final CreateProcessInstance command) {
    return referenced(request, command.operationReference());
  }

  /** The operation reference of a command, which checked it when it was made; null when absent. */
  private static <T extends UnifiedRecordValue> BrokerRequest<T> referenced(
      final BrokerRequest<T> request, final Long operationReference) {
    if (operationReference != null) {
      request.operationReference(operationReference);
    }
    return request;
  }

  private static ProcessInstanceCreated toCreated(
      final BrokerResult.Accepted<ProcessInstanceCreationRecord> answer) {
    final ProcessInstanceCreationRecord record = answer.value();
    return new ProcessInstanceCreated(
        record.getProcessDefinitionKey(),
        record.getBpmnProcessId(),
        record.getVersion(),
        record.getProcessInstanceKey(),
        record.getTenantId(),
        sorted(record.getTags()));
  }

  private static ProcessInstanceResult toResult(
      final BrokerResult.Accepted<ProcessInstanceResultRecord> answer) {
    final ProcessInstanceResultRecord record = answer.value();
    return new ProcessInstanceResult(
        record.getProcessDefinitionKey(),
        record.getBpmnProcessId(),
        record.getVersion(),
        record.getProcessInstanceKey(),
        record.getTenantId(),
        JsonDocument.copyOf(record.getVariablesBuffer()),
        sorted(record.getTags()));
  }

  private static List<String> sorted(final Set<String> tags) {
    return tags.isEmpty() ? List.of() : List.copyOf(new TreeSet<>(tags));
  }
}
