package io.gatefork.service.job;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.validation.FieldRules;
import java.util.List;

/**
 * What a worker decided when it completes a job that a user task listener or an ad-hoc sub-process
 * waits on; the engine acts on it (deny or correct the task, activate elements).
 */
public sealed interface JobCompletionResult {

  /**
   * The result of a user task listener job.
   *
   * @param deniedReason null when absent
   * @param corrections null when nothing is corrected
   */
  record UserTask(boolean denied, String deniedReason, Corrections corrections)
      implements JobCompletionResult {}

  /**
   * Corrected user-task attributes: a null component keeps the task's value, an empty string or
   * empty list clears it.
   *
   * @param dueDate an RFC 3339 date-time or empty
   * @param followUpDate an RFC 3339 date-time or empty
   * @param priority 0 to 100
   */
  record Corrections(
      String assignee,
      String dueDate,
      String followUpDate,
      List<String> candidateUsers,
      List<String> candidateGroups,
      Integer priority) {

    boolean isEmpty() {
      return assignee == null
          && dueDate == null
          && followUpDate == null
          && candidateUsers == null
          && candidateGroups == null
          && priority == null;
    }
  }

  /**
   * The result of an ad-hoc sub-process job: which inner elements to activate next. Both front ends
   * build it from their request, so an element without its id is refused there, once, before the
   * service is called; the variables are the service's to check.
   *
   * @param activateElements none (or null) to activate nothing
   */
  record AdHocSubProcess(
      List<ActivateElement> activateElements,
      boolean completionConditionFulfilled,
      boolean cancelRemainingInstances)
      implements JobCompletionResult {

    public AdHocSubProcess {
      activateElements = activateElements == null ? List.of() : activateElements;
      FieldRules.texts(
          "result.activateElements",
          "elementId",
          activateElements.stream()
              .map(element -> element == null ? null : element.elementId())
              .toList());
    }
  }

  /**
   * @param variables a JSON object created in the element's scope, or null
   */
  record ActivateElement(String elementId, JsonDocument variables) {}
}
