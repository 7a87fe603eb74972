package io.gatefork.gateway.rest.job;

import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.job.ActivateJobs;
import io.gatefork.service.job.JobCompletionResult;
import io.gatefork.service.validation.FieldRules;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Turns job requests into service arguments; the commands check their own fields. */
final class JobRequestMapper {

  private JobRequestMapper() {}

  static ActivateJobs toActivateJobs(
      final JobActivationRequest request, final RequestContext context) {
    // presence is REST's own (the record's numbers cannot be absent); the rest is the command's
    return new ActivateJobs(
        request.type(),
        request.worker() == null ? "" : request.worker(),
        FieldRules.require("timeout", request.timeout()),
        FieldRules.require("maxJobsToActivate", request.maxJobsToActivate()),
        request.fetchVariable(),
        TenantAccess.namedAll(
            context.caller(), context.operation(), "tenantIds", request.tenantIds()),
        // null = default long poll; 0 means the same, negative = answer at once
        request.requestTimeout() == null ? null : Duration.ofMillis(request.requestTimeout()));
  }

  static final String USER_TASK_RESULT = "userTask";
  static final String AD_HOC_SUB_PROCESS_RESULT = "adHocSubProcess";

  /** Null when the body has no result; value checks (priority, dates) are the service's. */
  static JobCompletionResult toResult(final JobCompletionRequest request) {
    if (request == null || request.result() == null) {
      return null;
    }
    final JobCompletionRequest.Result result = request.result();
    final String type = result.type() == null ? USER_TASK_RESULT : result.type();
    if (AD_HOC_SUB_PROCESS_RESULT.equals(type)) {
      return adHocSubProcess(result);
    }
    if (!USER_TASK_RESULT.equals(type)) {
      throw FieldRules.unknownValue(
          "result.type", List.of(USER_TASK_RESULT, AD_HOC_SUB_PROCESS_RESULT), type);
    }
    final JobCompletionRequest.Corrections given = result.corrections();
    final JobCompletionResult.Corrections corrections =
        given == null
            ? null
            : new JobCompletionResult.Corrections(
                given.assignee(),
                given.dueDate(),
                given.followUpDate(),
                given.candidateUsers(),
                given.candidateGroups(),
                given.priority());
    return new JobCompletionResult.UserTask(
        Boolean.TRUE.equals(result.denied()), result.deniedReason(), corrections);
  }

  private static JobCompletionResult adHocSubProcess(final JobCompletionRequest.Result result) {
    final List<JobCompletionRequest.ActivateElement> given =
        result.activateElements() == null ? List.of() : result.activateElements();
    final List<JobCompletionResult.ActivateElement> elements = new ArrayList<>(given.size());
    for (final JobCompletionRequest.ActivateElement element : given) {
      // as given, nulls included: the result checks its elements' ids
      elements.add(
          element == null
              ? null
              : new JobCompletionResult.ActivateElement(element.elementId(), element.variables()));
    }
    return new JobCompletionResult.AdHocSubProcess(
        elements,
        Boolean.TRUE.equals(result.completionConditionFulfilled()),
        Boolean.TRUE.equals(result.cancelRemainingInstances()));
  }

  static String errorMessage(final String errorMessage) {
    return errorMessage == null ? "" : errorMessage;
  }
}
