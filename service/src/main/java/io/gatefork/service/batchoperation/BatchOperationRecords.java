package io.gatefork.service.batchoperation;

import io.camunda.search.filter.ProcessInstanceFilter;
import io.camunda.security.auth.CamundaAuthentication;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationProcessInstanceMigrationPlan;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationProcessInstanceModificationMoveInstruction;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationProcessInstanceModificationPlan;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceMigrationMappingInstruction;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import java.util.List;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Checks a {@link CreateBatchOperation} and writes the broker's creation record. The filter and the
 * authentication travel as MessagePack of the search-domain objects the brokers read back, written
 * with the same converter they read it with.
 *
 * <p>The brokers resolve the filter later, on their own, as the authentication says: it is the
 * caller's (username, client id, groups, token claims and, with tenant checks on, its tenants), as
 * the command's own claims are. With tenant checks on the filter follows the tenant rule of every
 * other operation ({@link BatchTenants}).
 */
final class BatchOperationRecords {
  private BatchOperationRecords() {}

  static BatchOperationCreationRecord toRecord(
      final CreateBatchOperation command, final Caller caller, final Operation operation) {
    FieldRules.require("batchOperationType", command == null ? null : command.type());
    // a filter that constrains nothing, at the top or in one $or member, would select every
    // instance the brokers know: refuse it rather than guess (before the tenants are added, which
    // would make any filter select)
    FilterCriteria.requireSelective("filter", command.filter());
    final ProcessInstanceFilter filter = BatchTenants.restrict(command.filter(), caller, operation);
    final var record =
        new BatchOperationCreationRecord()
            .setBatchOperationType(command.type())
            .setEntityFilter(new UnsafeBuffer(MsgPackConverter.convertToMsgPack(filter)))
            .setAuthentication(
                new UnsafeBuffer(MsgPackConverter.convertToMsgPack(authentication(caller))));
    switch (command.type()) {
      case MIGRATE_PROCESS_INSTANCE -> record.setMigrationPlan(migrationPlan(command));
      case MODIFY_PROCESS_INSTANCE -> record.setModificationPlan(modificationPlan(command));
      default -> {}
    }
    return record;
  }

  /** The caller as the brokers' searches know callers; batch creations are rare: built each. */
  static CamundaAuthentication authentication(final Caller caller) {
    if (caller.isAnonymous()) {
      return CamundaAuthentication.anonymous();
    }
    return new CamundaAuthentication(
        caller.username(),
        caller.clientId(),
        caller.groups(),
        List.of(),
        caller.tenantChecks() ? caller.tenantIds() : List.of(),
        List.of(),
        caller.tokenClaims());
  }

  private static BatchOperationProcessInstanceMigrationPlan migrationPlan(
      final CreateBatchOperation command) {
    final CreateBatchOperation.MigrationPlan plan =
        FieldRules.require("migrationPlan", command.migrationPlan());
    final var record =
        new BatchOperationProcessInstanceMigrationPlan()
            .setTargetProcessDefinitionKey(
                FieldRules.requireKey(
                    "migrationPlan.targetProcessDefinitionKey", plan.targetProcessDefinitionKey()));
    final List<CreateBatchOperation.MappingInstruction> mappings =
        plan.mappingInstructions() == null ? List.of() : plan.mappingInstructions();
    for (int i = 0; i < mappings.size(); i++) {
      final String field = "migrationPlan.mappingInstructions[" + i + "]";
      final CreateBatchOperation.MappingInstruction mapping =
          FieldRules.requireElement("migrationPlan.mappingInstructions", i, mappings.get(i));
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
    final List<CreateBatchOperation.MoveInstruction> moves =
        FieldRules.requireNonEmpty("moveInstructions", command.moveInstructions());
    final var record = new BatchOperationProcessInstanceModificationPlan();
    for (int i = 0; i < moves.size(); i++) {
      final String field = "moveInstructions[" + i + "]";
      final CreateBatchOperation.MoveInstruction move =
          FieldRules.requireElement("moveInstructions", i, moves.get(i));
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
