package io.gatefork.service.job;

import io.gatefork.service.RequestContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * How a job activation waits for jobs, chosen once when the services are wired: {@link
 * LongPollingJobs} (poll: woken by job-available notifications, gRPC's and REST's by default) or
 * {@link StreamedActivations} (stream: REST with {@code gatefork.jobs.rest-activation=stream},
 * answered by jobs the brokers push).
 */
public interface JobActivation {

  /**
   * Activates up to {@code maxJobsToActivate} jobs; a request that may wait completes (holding no
   * thread) when jobs arrive or its request timeout passed, with what it has (possibly nothing).
   */
  CompletableFuture<List<ActivatedJob>> activate(RequestContext context, ActivateJobs command);
}
