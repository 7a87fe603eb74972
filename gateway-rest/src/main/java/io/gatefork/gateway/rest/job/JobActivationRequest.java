package io.gatefork.gateway.rest.job;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/** Body of {@code POST /v2/jobs/activation}; type, timeout and maxJobsToActivate are required. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record JobActivationRequest(
    String type,
    String worker,
    Long timeout,
    Integer maxJobsToActivate,
    List<String> fetchVariable,
    Long requestTimeout,
    List<String> tenantIds) {}
