package io.gatefork.service.incident;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

public interface IncidentServices {

  /**
   * Resolves an incident ({@code INCIDENT.RESOLVE}; the broker answers {@code RESOLVED}); for a job
   * incident, the job's retries must have been raised first.
   *
   * @param operationReference null when absent
   */
  CompletableFuture<Void> resolve(
      RequestContext context, long incidentKey, Long operationReference);
}
