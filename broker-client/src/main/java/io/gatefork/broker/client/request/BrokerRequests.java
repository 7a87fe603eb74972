package io.gatefork.broker.client.request;

import static io.gatefork.broker.client.request.BrokerRequest.NO_KEY;

import io.camunda.zeebe.protocol.impl.record.value.adhocsubprocess.AdHocSubProcessInstructionRecord;
import io.camunda.zeebe.protocol.impl.record.value.authorization.AuthorizationRecord;
import io.camunda.zeebe.protocol.impl.record.value.authorization.MappingRuleRecord;
import io.camunda.zeebe.protocol.impl.record.value.authorization.RoleRecord;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationLifecycleManagementRecord;
import io.camunda.zeebe.protocol.impl.record.value.clock.ClockRecord;
import io.camunda.zeebe.protocol.impl.record.value.decision.DecisionEvaluationRecord;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DeploymentRecord;
import io.camunda.zeebe.protocol.impl.record.value.deployment.ResourceRecord;
import io.camunda.zeebe.protocol.impl.record.value.group.GroupRecord;
import io.camunda.zeebe.protocol.impl.record.value.incident.IncidentRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageCorrelationRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceMigrationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceModificationRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceRecord;
import io.camunda.zeebe.protocol.impl.record.value.processinstance.ProcessInstanceResultRecord;
import io.camunda.zeebe.protocol.impl.record.value.resource.ResourceDeletionRecord;
import io.camunda.zeebe.protocol.impl.record.value.signal.SignalRecord;
import io.camunda.zeebe.protocol.impl.record.value.tenant.TenantRecord;
import io.camunda.zeebe.protocol.impl.record.value.user.UserRecord;
import io.camunda.zeebe.protocol.impl.record.value.usertask.UserTaskRecord;
import io.camunda.zeebe.protocol.impl.record.value.variable.VariableDocumentRecord;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.AdHocSubProcessInstructionIntent;
import io.camunda.zeebe.protocol.record.intent.AuthorizationIntent;
import io.camunda.zeebe.protocol.record.intent.BatchOperationIntent;
import io.camunda.zeebe.protocol.record.intent.ClockIntent;
import io.camunda.zeebe.protocol.record.intent.DecisionEvaluationIntent;
import io.camunda.zeebe.protocol.record.intent.DeploymentIntent;
import io.camunda.zeebe.protocol.record.intent.GroupIntent;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.camunda.zeebe.protocol.record.intent.JobBatchIntent;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.protocol.record.intent.MappingRuleIntent;
import io.camunda.zeebe.protocol.record.intent.MessageCorrelationIntent;
import io.camunda.zeebe.protocol.record.intent.MessageIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceCreationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceMigrationIntent;
import io.camunda.zeebe.protocol.record.intent.ProcessInstanceModificationIntent;
import io.camunda.zeebe.protocol.record.intent.ResourceDeletionIntent;
import io.camunda.zeebe.protocol.record.intent.ResourceIntent;
import io.camunda.zeebe.protocol.record.intent.RoleIntent;
import io.camunda.zeebe.protocol.record.intent.SignalIntent;
import io.camunda.zeebe.protocol.record.intent.TenantIntent;
import io.camunda.zeebe.protocol.record.intent.UserIntent;
import io.camunda.zeebe.protocol.record.intent.UserTaskIntent;
import io.camunda.zeebe.protocol.record.intent.VariableDocumentIntent;

/**
 * The typed broker commands the gateway's APIs send: value type, intent, partition routing and
 * answer type in one place. The caller fills the record; these factories never touch its fields.
 */
public final class BrokerRequests {
  private BrokerRequests() {}

  // --- deployments and resources: the deployment partition distributes them

  public static BrokerRequest<DeploymentRecord> deployResources(final DeploymentRecord record) {
    return new BrokerRequest<>(
        ValueType.DEPLOYMENT,
        DeploymentIntent.CREATE,
        NO_KEY,
        record,
        PartitionTarget.DEPLOYMENT,
        DeploymentRecord::new);
  }

  public static BrokerRequest<ResourceDeletionRecord> deleteResource(
      final ResourceDeletionRecord record) {
    return new BrokerRequest<>(
        ValueType.RESOURCE_DELETION,
        ResourceDeletionIntent.DELETE,
        NO_KEY,
        record,
        PartitionTarget.DEPLOYMENT,
        ResourceDeletionRecord::new);
  }

  /**
   * Reads a deployed resource (e.g. an RPA script) from the engine's state: every partition has it,
   * the one named by the key (where it was deployed) answers.
   */
  public static BrokerRequest<ResourceRecord> fetchResource(
      final long resourceKey, final ResourceRecord record) {
    return new BrokerRequest<>(
        ValueType.RESOURCE,
        ResourceIntent.FETCH,
        resourceKey,
        record,
        PartitionTarget.byKey(resourceKey),
        ResourceRecord::new);
  }

  // --- process instances

  public static BrokerRequest<ProcessInstanceCreationRecord> createProcessInstance(
      final ProcessInstanceCreationRecord record) {
    return new BrokerRequest<>(
        ValueType.PROCESS_INSTANCE_CREATION,
        ProcessInstanceCreationIntent.CREATE,
        NO_KEY,
        record,
        PartitionTarget.ROUND_ROBIN,
        ProcessInstanceCreationRecord::new);
  }

  public static BrokerRequest<ProcessInstanceResultRecord> createProcessInstanceWithResult(
      final ProcessInstanceCreationRecord record) {
    return new BrokerRequest<>(
        ValueType.PROCESS_INSTANCE_CREATION,
        ProcessInstanceCreationIntent.CREATE_WITH_AWAITING_RESULT,
        NO_KEY,
        record,
        PartitionTarget.ROUND_ROBIN,
        ProcessInstanceResultRecord::new);
  }

  public static BrokerRequest<ProcessInstanceRecord> cancelProcessInstance(
      final long processInstanceKey) {
    final var record = new ProcessInstanceRecord();
    record.setProcessInstanceKey(processInstanceKey);
    return new BrokerRequest<>(
        ValueType.PROCESS_INSTANCE,
        ProcessInstanceIntent.CANCEL,
        processInstanceKey,
        record,
        PartitionTarget.byKey(processInstanceKey),
        ProcessInstanceRecord::new);
  }

  public static BrokerRequest<ProcessInstanceModificationRecord> modifyProcessInstance(
      final long processInstanceKey, final ProcessInstanceModificationRecord record) {
    return new BrokerRequest<>(
        ValueType.PROCESS_INSTANCE_MODIFICATION,
        ProcessInstanceModificationIntent.MODIFY,
        processInstanceKey,
        record,
        PartitionTarget.byKey(processInstanceKey),
        ProcessInstanceModificationRecord::new);
  }

  public static BrokerRequest<ProcessInstanceMigrationRecord> migrateProcessInstance(
      final long processInstanceKey, final ProcessInstanceMigrationRecord record) {
    return new BrokerRequest<>(
        ValueType.PROCESS_INSTANCE_MIGRATION,
        ProcessInstanceMigrationIntent.MIGRATE,
        processInstanceKey,
        record,
        PartitionTarget.byKey(processInstanceKey),
        ProcessInstanceMigrationRecord::new);
  }

  public static BrokerRequest<AdHocSubProcessInstructionRecord> activateAdHocSubProcessActivities(
      final long adHocSubProcessInstanceKey, final AdHocSubProcessInstructionRecord record) {
    return new BrokerRequest<>(
        ValueType.AD_HOC_SUB_PROCESS_INSTRUCTION,
        AdHocSubProcessInstructionIntent.ACTIVATE,
        adHocSubProcessInstanceKey,
        record,
        PartitionTarget.byKey(adHocSubProcessInstanceKey),
        AdHocSubProcessInstructionRecord::new);
  }

  /** Cancels, suspends or resumes a batch operation on the partition that leads it. */
  public static BrokerRequest<BatchOperationLifecycleManagementRecord> batchOperationLifecycle(
      final BatchOperationIntent intent,
      final long batchOperationKey,
      final BatchOperationLifecycleManagementRecord record) {
    return new BrokerRequest<>(
        ValueType.BATCH_OPERATION_LIFECYCLE_MANAGEMENT,
        intent,
        batchOperationKey,
        record,
        PartitionTarget.byKey(batchOperationKey),
        BatchOperationLifecycleManagementRecord::new);
  }

  /**
   * Creates a batch operation from a search filter. Any partition can take it: it leads the
   * operation (its key names the partition) and distributes it to the others.
   */
  public static BrokerRequest<BatchOperationCreationRecord> createBatchOperation(
      final BatchOperationCreationRecord record) {
    return new BrokerRequest<>(
        ValueType.BATCH_OPERATION_CREATION,
        BatchOperationIntent.CREATE,
        NO_KEY,
        record,
        PartitionTarget.ROUND_ROBIN,
        BatchOperationCreationRecord::new);
  }

  // --- jobs

  /** Job activation asks one partition at a time; the caller walks the partitions. */
  public static BrokerRequest<JobBatchRecord> activateJobs(
      final int partitionId, final JobBatchRecord record) {
    return new BrokerRequest<>(
        ValueType.JOB_BATCH,
        JobBatchIntent.ACTIVATE,
        NO_KEY,
        record,
        PartitionTarget.fixed(partitionId),
        JobBatchRecord::new);
  }

  public static BrokerRequest<JobRecord> completeJob(final long jobKey, final JobRecord record) {
    return job(JobIntent.COMPLETE, jobKey, record);
  }

  public static BrokerRequest<JobRecord> failJob(final long jobKey, final JobRecord record) {
    return job(JobIntent.FAIL, jobKey, record);
  }

  public static BrokerRequest<JobRecord> throwError(final long jobKey, final JobRecord record) {
    return job(JobIntent.THROW_ERROR, jobKey, record);
  }

  public static BrokerRequest<JobRecord> updateJobRetries(
      final long jobKey, final JobRecord record) {
    return job(JobIntent.UPDATE_RETRIES, jobKey, record);
  }

  public static BrokerRequest<JobRecord> updateJobTimeout(
      final long jobKey, final JobRecord record) {
    return job(JobIntent.UPDATE_TIMEOUT, jobKey, record);
  }

  public static BrokerRequest<JobRecord> updateJob(final long jobKey, final JobRecord record) {
    return job(JobIntent.UPDATE, jobKey, record);
  }

  /** Writes the job back to the broker: used when a pushed job cannot be handed to a client. */
  public static BrokerRequest<JobRecord> yieldJob(final long jobKey, final JobRecord record) {
    return job(JobIntent.YIELD, jobKey, record);
  }

  private static BrokerRequest<JobRecord> job(
      final JobIntent intent, final long jobKey, final JobRecord record) {
    return new BrokerRequest<>(
        ValueType.JOB, intent, jobKey, record, PartitionTarget.byKey(jobKey), JobRecord::new);
  }

  // --- messages and signals

  public static BrokerRequest<MessageRecord> publishMessage(final MessageRecord record) {
    return new BrokerRequest<>(
        ValueType.MESSAGE,
        MessageIntent.PUBLISH,
        NO_KEY,
        record,
        PartitionTarget.byCorrelationKey(record.getCorrelationKey()),
        MessageRecord::new);
  }

  public static BrokerRequest<MessageCorrelationRecord> correlateMessage(
      final MessageCorrelationRecord record) {
    return new BrokerRequest<>(
        ValueType.MESSAGE_CORRELATION,
        MessageCorrelationIntent.CORRELATE,
        NO_KEY,
        record,
        PartitionTarget.byCorrelationKey(record.getCorrelationKey()),
        MessageCorrelationRecord::new);
  }

  public static BrokerRequest<SignalRecord> broadcastSignal(final SignalRecord record) {
    return new BrokerRequest<>(
        ValueType.SIGNAL,
        SignalIntent.BROADCAST,
        NO_KEY,
        record,
        PartitionTarget.DEPLOYMENT,
        SignalRecord::new);
  }

  // --- variables, incidents, decisions, user tasks, clock

  public static BrokerRequest<VariableDocumentRecord> setVariables(
      final long elementInstanceKey, final VariableDocumentRecord record) {
    return new BrokerRequest<>(
        ValueType.VARIABLE_DOCUMENT,
        VariableDocumentIntent.UPDATE,
        NO_KEY,
        record,
        PartitionTarget.byKey(elementInstanceKey),
        VariableDocumentRecord::new);
  }

  public static BrokerRequest<IncidentRecord> resolveIncident(
      final long incidentKey, final IncidentRecord record) {
    return new BrokerRequest<>(
        ValueType.INCIDENT,
        IncidentIntent.RESOLVE,
        incidentKey,
        record,
        PartitionTarget.byKey(incidentKey),
        IncidentRecord::new);
  }

  public static BrokerRequest<DecisionEvaluationRecord> evaluateDecision(
      final DecisionEvaluationRecord record) {
    return new BrokerRequest<>(
        ValueType.DECISION_EVALUATION,
        DecisionEvaluationIntent.EVALUATE,
        NO_KEY,
        record,
        PartitionTarget.ROUND_ROBIN,
        DecisionEvaluationRecord::new);
  }

  public static BrokerRequest<UserTaskRecord> userTask(
      final UserTaskIntent intent, final long userTaskKey, final UserTaskRecord record) {
    return new BrokerRequest<>(
        ValueType.USER_TASK,
        intent,
        userTaskKey,
        record,
        PartitionTarget.byKey(userTaskKey),
        UserTaskRecord::new);
  }

  public static BrokerRequest<ClockRecord> clock(
      final ClockIntent intent, final ClockRecord record) {
    return new BrokerRequest<>(
        ValueType.CLOCK, intent, NO_KEY, record, PartitionTarget.DEPLOYMENT, ClockRecord::new);
  }

  // --- identity: the deployment partition owns it and distributes it to the others

  public static BrokerRequest<UserRecord> user(final UserIntent intent, final UserRecord record) {
    return new BrokerRequest<>(
        ValueType.USER, intent, NO_KEY, record, PartitionTarget.DEPLOYMENT, UserRecord::new);
  }

  public static BrokerRequest<GroupRecord> group(
      final GroupIntent intent, final GroupRecord record) {
    return new BrokerRequest<>(
        ValueType.GROUP, intent, NO_KEY, record, PartitionTarget.DEPLOYMENT, GroupRecord::new);
  }

  public static BrokerRequest<RoleRecord> role(final RoleIntent intent, final RoleRecord record) {
    return new BrokerRequest<>(
        ValueType.ROLE, intent, NO_KEY, record, PartitionTarget.DEPLOYMENT, RoleRecord::new);
  }

  public static BrokerRequest<TenantRecord> tenant(
      final TenantIntent intent, final TenantRecord record) {
    return new BrokerRequest<>(
        ValueType.TENANT, intent, NO_KEY, record, PartitionTarget.DEPLOYMENT, TenantRecord::new);
  }

  public static BrokerRequest<MappingRuleRecord> mappingRule(
      final MappingRuleIntent intent, final MappingRuleRecord record) {
    return new BrokerRequest<>(
        ValueType.MAPPING_RULE,
        intent,
        NO_KEY,
        record,
        PartitionTarget.DEPLOYMENT,
        MappingRuleRecord::new);
  }

  /**
   * @param authorizationKey the authorization to update or delete; {@code NO_KEY} to create
   */
  public static BrokerRequest<AuthorizationRecord> authorization(
      final AuthorizationIntent intent,
      final long authorizationKey,
      final AuthorizationRecord record) {
    return new BrokerRequest<>(
        ValueType.AUTHORIZATION,
        intent,
        authorizationKey,
        record,
        PartitionTarget.DEPLOYMENT,
        AuthorizationRecord::new);
  }
}
