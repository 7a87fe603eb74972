package io.gatefork.gateway.rest.job;

import java.util.List;

/** Body of {@code POST /v2/jobs/activation}; type, timeout and maxJobsToActivate are required. */
public record JobActivationRequest(
    String type,
    String worker,
    Long timeout,
    Integer maxJobsToActivate,
    List<String> fetchVariable,
    Long requestTimeout,
    List<String> tenantIds) {}
