package io.gatefork.service.job;

import io.gatefork.service.RequestContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;

public interface JobServices {

  /**
   * Activates up to {@code maxJobsToActivate} jobs across partitions; with long polling the
   * future stays open (holding no thread) until jobs arrive or the request timeout passes, then
   * completes with what was found (possibly nothing).
   */
  CompletableFuture<List<ActivatedJob>> activate(RequestContext context, ActivateJobs command);

  /** @param variablesJson a JSON object, or null */
  CompletableFuture<Void> complete(RequestContext context, long jobKey, String variablesJson);

  CompletableFuture<Void> fail(
      RequestContext context,
      long jobKey,
      int retries,
      String errorMessage,
      long retryBackOffMillis,
      String variablesJson);

  CompletableFuture<Void> throwError(
      RequestContext context,
      long jobKey,
      String errorCode,
      String errorMessage,
      String variablesJson);
}
