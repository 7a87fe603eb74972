package io.gatefork.service.job;

import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import java.util.List;
import java.util.concurrent.CompletableFuture;

public interface JobServices {

  /**
   * Activates up to {@code maxJobsToActivate} jobs across partitions; with long polling the future
   * stays open (holding no thread) until jobs arrive or the request timeout passes, then completes
   * with what was found (possibly nothing).
   */
  CompletableFuture<List<ActivatedJob>> activate(RequestContext context, ActivateJobs command);

  /**
   * REST's job activation ({@code POST /v2/jobs/activation}): as {@link #activate}, or, with {@code
   * gatefork.jobs.rest-activation=stream}, a request that may wait is served from a job stream the
   * gateway holds on the brokers. Its future may then implement {@link WatchesCaller}.
   */
  default CompletableFuture<List<ActivatedJob>> activateForRest(
      final RequestContext context, final ActivateJobs command) {
    return activate(context, command);
  }

  /**
   * Answers waiting long polls now (with nothing) and lets no new one wait: for shutdown, so that
   * no activation outlives the graceful-shutdown deadline however long its request timeout.
   *
   * @return how many waiting long polls were answered
   */
  default int drainLongPolls() {
    return 0;
  }

  /**
   * Gives jobs this gateway activated but could not hand to a worker back to the broker ({@code
   * JOB.YIELD}, no retry used): activatable again at once, and waiting long polls are woken.
   */
  void giveBack(List<ActivatedJob> jobs);

  /**
   * @param variables a JSON object, or null
   */
  CompletableFuture<Void> complete(RequestContext context, long jobKey, JsonDocument variables);

  /**
   * Completes a job with the worker's result for the user task listener or ad-hoc sub-process that
   * waits on it.
   *
   * @param result null to complete without a result
   */
  CompletableFuture<Void> complete(
      RequestContext context, long jobKey, JsonDocument variables, JobCompletionResult result);

  CompletableFuture<Void> fail(
      RequestContext context,
      long jobKey,
      int retries,
      String errorMessage,
      long retryBackOffMillis,
      JsonDocument variables);

  CompletableFuture<Void> throwError(RequestContext context, ThrowJobError command);

  /**
   * Sets a job's retries ({@code JOB.UPDATE_RETRIES}; the broker answers {@code RETRIES_UPDATED}).
   *
   * @param retries at least 1
   * @param operationReference null when absent
   */
  CompletableFuture<Void> updateRetries(
      RequestContext context, long jobKey, int retries, Long operationReference);

  /**
   * Moves an activated job's deadline to now + {@code timeoutMillis} ({@code JOB.UPDATE_TIMEOUT};
   * the broker answers {@code TIMEOUT_UPDATED}).
   *
   * @param operationReference null when absent
   */
  CompletableFuture<Void> updateTimeout(
      RequestContext context, long jobKey, long timeoutMillis, Long operationReference);

  /**
   * Changes retries and/or timeout in one command ({@code JOB.UPDATE}; the broker answers {@code
   * UPDATED}), as the stock REST API's {@code PATCH /v2/jobs/{jobKey}} does: both changes apply, or
   * neither.
   *
   * @param operationReference null when absent
   */
  CompletableFuture<Void> update(
      RequestContext context, long jobKey, JobChangeset changeset, Long operationReference);
}
