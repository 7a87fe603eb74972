package io.gatefork.gateway.rest.batchoperation;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.RequestContext;
import io.gatefork.service.batchoperation.BatchOperationCreated;
import io.gatefork.service.batchoperation.BatchOperationServices;
import io.gatefork.service.batchoperation.CreateBatchOperation;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Batch operations over the process instances a filter selects: cancel, resolve incidents, migrate,
 * modify. 200 {@code {batchOperationKey, batchOperationType}} once a broker created it; the brokers
 * then resolve the filter against their secondary storage.
 */
@RestController
@RequestMapping(
    path = "/v2/process-instances",
    consumes = MediaType.APPLICATION_JSON_VALUE,
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class ProcessInstanceBatchOperationController {
  private static final String FILTER = "filter";

  private final BatchOperationServices batchOperationServices;

  public ProcessInstanceBatchOperationController(
      final BatchOperationServices batchOperationServices) {
    this.batchOperationServices = batchOperationServices;
  }

  @GatewayOperation(Operation.CREATE_CANCELLATION_BATCH_OPERATION)
  @PostMapping("/cancellation")
  public CompletableFuture<ResponseEntity<Object>> cancelProcessInstancesBatchOperation(
      @RequestBody final ProcessInstanceBatchOperationRequest body, final RequestContext context) {
    return create(
        context,
        CreateBatchOperation.cancelProcessInstances(
            ProcessInstanceFilterParser.parse(FILTER, body.filter())));
  }

  @GatewayOperation(Operation.CREATE_INCIDENT_RESOLUTION_BATCH_OPERATION)
  @PostMapping("/incident-resolution")
  public CompletableFuture<ResponseEntity<Object>> resolveIncidentsBatchOperation(
      @RequestBody final ProcessInstanceBatchOperationRequest body, final RequestContext context) {
    return create(
        context,
        CreateBatchOperation.resolveIncidents(
            ProcessInstanceFilterParser.parse(FILTER, body.filter())));
  }

  @GatewayOperation(Operation.CREATE_MIGRATION_BATCH_OPERATION)
  @PostMapping("/migration")
  public CompletableFuture<ResponseEntity<Object>> migrateProcessInstancesBatchOperation(
      @RequestBody final ProcessInstanceBatchOperationRequest body, final RequestContext context) {
    FieldRules.require(FILTER, body.filter());
    final var plan = FieldRules.require("migrationPlan", body.migrationPlan());
    final var mappings =
        FieldRules.require("migrationPlan.mappingInstructions", plan.mappingInstructions());
    final long target =
        LongKeys.parse(
            "migrationPlan.targetProcessDefinitionKey", plan.targetProcessDefinitionKey());
    final List<CreateBatchOperation.MappingInstruction> instructions =
        new ArrayList<>(mappings.size());
    for (int i = 0; i < mappings.size(); i++) {
      final String field = "migrationPlan.mappingInstructions[" + i + "]";
      final var mapping = FieldRules.require(field, mappings.get(i));
      instructions.add(
          new CreateBatchOperation.MappingInstruction(
              FieldRules.requireText(field + ".sourceElementId", mapping.sourceElementId()),
              FieldRules.requireText(field + ".targetElementId", mapping.targetElementId())));
    }
    return create(
        context,
        CreateBatchOperation.migrateProcessInstances(
            ProcessInstanceFilterParser.parse(FILTER, body.filter()),
            new CreateBatchOperation.MigrationPlan(target, instructions)));
  }

  @GatewayOperation(Operation.CREATE_MODIFICATION_BATCH_OPERATION)
  @PostMapping("/modification")
  public CompletableFuture<ResponseEntity<Object>> modifyProcessInstancesBatchOperation(
      @RequestBody final ProcessInstanceBatchOperationRequest body, final RequestContext context) {
    FieldRules.require(FILTER, body.filter());
    final var moves = FieldRules.require("moveInstructions", body.moveInstructions());
    final List<CreateBatchOperation.MoveInstruction> instructions = new ArrayList<>(moves.size());
    for (int i = 0; i < moves.size(); i++) {
      final String field = "moveInstructions[" + i + "]";
      final var move = FieldRules.require(field, moves.get(i));
      instructions.add(
          new CreateBatchOperation.MoveInstruction(
              FieldRules.requireText(field + ".sourceElementId", move.sourceElementId()),
              FieldRules.requireText(field + ".targetElementId", move.targetElementId())));
    }
    return create(
        context,
        CreateBatchOperation.modifyProcessInstances(
            ProcessInstanceFilterParser.parse(FILTER, body.filter()), instructions));
  }

  private CompletableFuture<ResponseEntity<Object>> create(
      final RequestContext context, final CreateBatchOperation command) {
    return AsyncResponses.ok(
        batchOperationServices.create(context, command),
        ProcessInstanceBatchOperationController::toResponse);
  }

  private static BatchOperationCreatedResponse toResponse(final BatchOperationCreated created) {
    return new BatchOperationCreatedResponse(
        Long.toString(created.batchOperationKey()), created.type().name());
  }
}
