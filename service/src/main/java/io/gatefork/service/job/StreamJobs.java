package io.gatefork.service.job;

import java.util.List;

/**
 * A job stream to open: newly activatable jobs of {@code type} are pushed as they appear.
 *
 * @param worker the worker name the jobs are activated for (null: none)
 * @param timeoutMillis how long each pushed job stays locked to this worker
 * @param fetchVariables names to fetch; empty fetches all
 * @param tenantIds empty for the default tenant
 */
public record StreamJobs(
    String type,
    String worker,
    long timeoutMillis,
    List<String> fetchVariables,
    List<String> tenantIds) {}
