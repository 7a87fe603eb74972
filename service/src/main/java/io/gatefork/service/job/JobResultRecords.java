package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.record.value.job.JobResult;
import io.camunda.zeebe.protocol.impl.record.value.job.JobResultActivateElement;
import io.camunda.zeebe.protocol.impl.record.value.job.JobResultCorrections;
import io.camunda.zeebe.protocol.impl.record.value.usertask.UserTaskRecord;
import io.camunda.zeebe.protocol.record.value.JobResultType;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.validation.FieldRules;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;

/**
 * Checks a {@link JobCompletionResult} and writes it into the engine's job result. The engine
 * applies exactly the attributes listed as corrected, so only the corrections the worker gave are
 * listed.
 */
final class JobResultRecords {
  static final int MIN_PRIORITY = 0;
  static final int MAX_PRIORITY = 100;

  private JobResultRecords() {}

  static JobResult toRecord(final JobCompletionResult result) {
    final var record = new JobResult();
    switch (result) {
      case JobCompletionResult.UserTask userTask -> userTask(record, userTask);
      case JobCompletionResult.AdHocSubProcess adHoc -> adHocSubProcess(record, adHoc);
    }
    return record;
  }

  private static void userTask(final JobResult record, final JobCompletionResult.UserTask result) {
    record.setType(JobResultType.USER_TASK);
    record.setDenied(result.denied());
    if (result.deniedReason() != null) {
      record.setDeniedReason(result.deniedReason());
    }
    final JobCompletionResult.Corrections corrections = result.corrections();
    if (corrections == null || corrections.isEmpty()) {
      return;
    }
    final var values = new JobResultCorrections();
    final List<String> corrected = new ArrayList<>(6);
    if (corrections.assignee() != null) {
      values.setAssignee(corrections.assignee());
      corrected.add(UserTaskRecord.ASSIGNEE);
    }
    if (corrections.dueDate() != null) {
      values.setDueDate(dateOrEmpty("result.corrections.dueDate", corrections.dueDate()));
      corrected.add(UserTaskRecord.DUE_DATE);
    }
    if (corrections.followUpDate() != null) {
      values.setFollowUpDate(
          dateOrEmpty("result.corrections.followUpDate", corrections.followUpDate()));
      corrected.add(UserTaskRecord.FOLLOW_UP_DATE);
    }
    if (corrections.candidateUsers() != null) {
      values.setCandidateUsersList(
          FieldRules.names("result.corrections.candidateUsers", corrections.candidateUsers()));
      corrected.add(UserTaskRecord.CANDIDATE_USERS);
    }
    if (corrections.candidateGroups() != null) {
      values.setCandidateGroupsList(
          FieldRules.names("result.corrections.candidateGroups", corrections.candidateGroups()));
      corrected.add(UserTaskRecord.CANDIDATE_GROUPS);
    }
    if (corrections.priority() != null) {
      values.setPriority(
          FieldRules.requireRange(
              "result.corrections.priority", corrections.priority(), MIN_PRIORITY, MAX_PRIORITY));
      corrected.add(UserTaskRecord.PRIORITY);
    }
    record.setCorrections(values);
    record.setCorrectedAttributes(corrected);
  }

  private static void adHocSubProcess(
      final JobResult record, final JobCompletionResult.AdHocSubProcess result) {
    record.setType(JobResultType.AD_HOC_SUB_PROCESS);
    // the result checked its elements' ids
    final List<JobCompletionResult.ActivateElement> elements = result.activateElements();
    for (int i = 0; i < elements.size(); i++) {
      final JobCompletionResult.ActivateElement element = elements.get(i);
      final var activation = new JobResultActivateElement();
      activation.setElementId(element.elementId());
      final DirectBuffer variables = JsonDocument.bufferOf(element.variables());
      if (variables != null) {
        activation.setVariables(variables);
      }
      record.addActivateElement(activation);
    }
    record.setCompletionConditionFulfilled(result.completionConditionFulfilled());
    record.setCancelRemainingInstances(result.cancelRemainingInstances());
  }

  /** Empty clears the date; anything else must be an RFC 3339 date-time. */
  private static String dateOrEmpty(final String field, final String value) {
    if (value.isEmpty()) {
      return value;
    }
    try {
      OffsetDateTime.parse(value);
    } catch (final DateTimeParseException e) {
      throw FieldRules.notDateTimeOrEmpty(field, value);
    }
    return value;
  }
}
