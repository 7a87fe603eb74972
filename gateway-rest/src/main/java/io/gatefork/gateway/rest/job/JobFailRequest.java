package io.gatefork.gateway.rest.job;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.json.JsonObjectText;

/** Optional body of {@code POST /v2/jobs/{jobKey}/failure}; retries and retryBackOff default 0. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record JobFailRequest(
    Integer retries, String errorMessage, Long retryBackOff, JsonObjectText variables) {}
