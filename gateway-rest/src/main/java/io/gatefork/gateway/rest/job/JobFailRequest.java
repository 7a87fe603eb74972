package io.gatefork.gateway.rest.job;

import io.gatefork.service.codec.JsonDocument;

/** Optional body of {@code POST /v2/jobs/{jobKey}/failure}; retries and retryBackOff default 0. */
public record JobFailRequest(
    Integer retries, String errorMessage, Long retryBackOff, JsonDocument variables) {}
