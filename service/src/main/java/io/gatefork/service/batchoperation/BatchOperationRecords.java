package io.gatefork.service.batchoperation;

import io.camunda.search.filter.ProcessInstanceFilter;
import io.camunda.security.auth.CamundaAuthentication;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationProcessInstanceMigrationPlan;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationProcessInstanceModificationMoveInstruction;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationProcessInstanceModificationPlan;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceMigrationMappingInstruction;
import io.gatefork.service.validation.FieldRules;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Checks a {@link CreateBatchOperation} and writes the broker's creation record. The filter and the
 * authentication travel as MessagePack of the search-domain objects the brokers read back, written
 * with the same converter they read it with.
 */
final class BatchOperationRecords {
  /** gatefork sends commands without user claims; the brokers' searches see no user either. */
  private static final byte[] NO_AUTHENTICATION =
      MsgPackConverter.convertToMsgPack(CamundaAuthentication.none());

  private BatchOperationRecords() {}

  static BatchOperationCreationRecord toRecord(final CreateBatchOperation command) {
    if (command == null || command.type() == null) {
      throw FieldRules.invalid("batchOperationType", "is required");
    }
    final ProcessInstanceFilter filter = command.filter();
    // a filter that constrains nothing, at the top or in one $or member, would select every
    // instance the brokers know: refuse it rather than guess
    FilterCriteria.requireSelective("filter", filter);
    final var record =
        new BatchOperationCreationRecord()
            .setBatchOperationType(command.type())
            .setEntityFilter(new UnsafeBuffer(MsgPackConverter.convertToMsgPack(filter)))
            .setAuthentication(new UnsafeBuffer(NO_AUTHENTICATION));
    switch (command.type()) {
      case MIGRATE_PROCESS_INSTANCE -> record.setMigrationPlan(migrationPlan(command));
      case MODIFY_PROCESS_INSTANCE -> record.setModificationPlan(modificationPlan(command));
      default -> {}
    }
    return record;
  }

  private static BatchOperationProcessInstanceMigrationPlan migrationPlan(
      final CreateBatchOperation command) {
    final CreateBatchOperation.MigrationPlan plan = command.migrationPlan();
    if (plan == null) {
      throw FieldRules.invalid("migrationPlan", "is required");
    }
    final var record =
        new BatchOperationProcessInstanceMigrationPlan()
            .setTargetProcessDefinitionKey(
                FieldRules.requireKey(
                    "migrationPlan.targetProcessDefinitionKey", plan.targetProcessDefinitionKey()));
    final List<CreateBatchOperation.MappingInstruction> mappings =
        plan.mappingInstructions() == null ? List.of() : plan.mappingInstructions();
    for (int i = 0; i < mappings.size(); i++) {
      final String field = "migrationPlan.mappingInstructions[" + i + "]";
      final CreateBatchOperation.MappingInstruction mapping = mappings.get(i);
      if (mapping == null) {
        throw FieldRules.invalid(field, "must not be null");
      }
      record.addMappingInstruction(
          new ProcessInstanceMigrationMappingInstruction()
              .setSourceElementId(
                  FieldRules.requireText(field + ".sourceElementId", mapping.sourceElementId()))
              .setTargetElementId(
                  FieldRules.requireText(field + ".targetElementId", mapping.targetElementId())));
    }
    return record;
  }

  private static BatchOperationProcessInstanceModificationPlan modificationPlan(
      final CreateBatchOperation command) {
    final List<CreateBatchOperation.MoveInstruction> moves = command.moveInstructions();
    if (moves == null || moves.isEmpty()) {
      throw FieldRules.invalid("moveInstructions", "must contain at least one instruction");
    }
    final var record = new BatchOperationProcessInstanceModificationPlan();
    for (int i = 0; i < moves.size(); i++) {
      final String field = "moveInstructions[" + i + "]";
      final CreateBatchOperation.MoveInstruction move = moves.get(i);
      if (move == null) {
        throw FieldRules.invalid(field, "must not be null");
      }
      record.addMoveInstruction(
          new BatchOperationProcessInstanceModificationMoveInstruction()
              .setSourceElementId(
                  FieldRules.requireText(field + ".sourceElementId", move.sourceElementId()))
              .setTargetElementId(
                  FieldRules.requireText(field + ".targetElementId", move.targetElementId())));
    }
    return record;
  }
}
