package io.gatefork.service.job;

import java.time.Duration;
import java.util.List;

/**
 * @param timeoutMillis how long the jobs stay locked to this worker
 * @param fetchVariables names to fetch; empty fetches all
 * @param tenantIds empty for the default tenant
 * @param requestTimeout long-poll time: null or zero = the default long poll, negative = answer at
 *     once even when no job is there
 */
public record ActivateJobs(
    String type,
    String worker,
    long timeoutMillis,
    int maxJobsToActivate,
    List<String> fetchVariables,
    List<String> tenantIds,
    Duration requestTimeout) {}
