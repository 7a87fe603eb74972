package io.gatefork.gateway.rest.job;

import io.gatefork.gateway.rest.validation.RequestChecks;
import io.gatefork.service.job.ActivateJobs;
import java.time.Duration;

/** Validates job requests and turns them into service arguments. */
final class JobRequestMapper {

  private JobRequestMapper() {}

  static ActivateJobs toActivateJobs(final JobActivationRequest request) {
    return new ActivateJobs(
        RequestChecks.requireText("type", request.type()),
        request.worker() == null ? "" : request.worker(),
        RequestChecks.requirePositive("timeout", request.timeout()),
        RequestChecks.requirePositive("maxJobsToActivate", request.maxJobsToActivate()),
        RequestChecks.names("fetchVariable", request.fetchVariable()),
        RequestChecks.tenantIds("tenantIds", request.tenantIds()),
        // null = default long poll; 0 means the same, negative = answer at once
        request.requestTimeout() == null ? null : Duration.ofMillis(request.requestTimeout()));
  }

  /**
   * Job results (user-task corrections and denial, ad-hoc sub-process activations) cannot be passed
   * to the service yet; completing without them would e.g. approve a denied task.
   */
  static void rejectResult(final JobCompletionRequest request) {
    if (request != null && request.result() != null) {
      throw RequestChecks.invalid("result", "job results are not supported by this gateway yet");
    }
  }

  static String errorMessage(final String errorMessage) {
    return errorMessage == null ? "" : errorMessage;
  }
}
