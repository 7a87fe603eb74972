package io.gatefork.service.job;

import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.JobTypeRules;
import java.time.Duration;
import java.util.List;

/**
 * Its field rules hold once it exists: both front ends build it from their request, so a blank or
 * overlong type ({@link JobTypeRules}), a count or lock timeout below one, or a blank variable name
 * is refused there, once, before the service is called (a {@code FieldViolation} naming the field
 * as REST does).
 *
 * @param timeoutMillis how long the jobs stay locked to this worker
 * @param fetchVariables names to fetch; empty (or null) fetches all
 * @param tenantIds empty (or null) for the caller's tenants; checked by the front end together with
 *     the caller's access to them (REST also their format), not here
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
    Duration requestTimeout) {

  public ActivateJobs {
    JobTypeRules.check("type", type);
    FieldRules.requirePositive("maxJobsToActivate", maxJobsToActivate);
    FieldRules.requirePositive("timeout", timeoutMillis);
    fetchVariables = FieldRules.names("fetchVariable", fetchVariables);
  }
}
