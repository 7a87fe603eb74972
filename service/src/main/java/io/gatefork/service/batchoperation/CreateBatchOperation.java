package io.gatefork.service.batchoperation;

import io.camunda.search.filter.ProcessInstanceFilter;
import io.camunda.zeebe.protocol.record.value.BatchOperationType;
import java.util.List;

/**
 * A batch operation over the process instances a search filter selects. The brokers resolve the
 * filter against their secondary storage, page by page, after the operation was created.
 *
 * @param filter in the brokers' search format; must select by at least one criterion, and so must
 *     each of its {@code $or} members (see {@code FilterCriteria})
 * @param migrationPlan for {@code MIGRATE_PROCESS_INSTANCE} only
 * @param moveInstructions for {@code MODIFY_PROCESS_INSTANCE} only
 */
public record CreateBatchOperation(
    BatchOperationType type,
    ProcessInstanceFilter filter,
    MigrationPlan migrationPlan,
    List<MoveInstruction> moveInstructions) {

  public static CreateBatchOperation cancelProcessInstances(final ProcessInstanceFilter filter) {
    return new CreateBatchOperation(
        BatchOperationType.CANCEL_PROCESS_INSTANCE, filter, null, List.of());
  }

  public static CreateBatchOperation resolveIncidents(final ProcessInstanceFilter filter) {
    return new CreateBatchOperation(BatchOperationType.RESOLVE_INCIDENT, filter, null, List.of());
  }

  public static CreateBatchOperation migrateProcessInstances(
      final ProcessInstanceFilter filter, final MigrationPlan plan) {
    return new CreateBatchOperation(
        BatchOperationType.MIGRATE_PROCESS_INSTANCE, filter, plan, List.of());
  }

  public static CreateBatchOperation modifyProcessInstances(
      final ProcessInstanceFilter filter, final List<MoveInstruction> moveInstructions) {
    return new CreateBatchOperation(
        BatchOperationType.MODIFY_PROCESS_INSTANCE, filter, null, moveInstructions);
  }

  public record MigrationPlan(
      long targetProcessDefinitionKey, List<MappingInstruction> mappingInstructions) {}

  public record MappingInstruction(String sourceElementId, String targetElementId) {}

  /** Terminates the active instances of the source element and activates the target for each. */
  public record MoveInstruction(String sourceElementId, String targetElementId) {}
}
