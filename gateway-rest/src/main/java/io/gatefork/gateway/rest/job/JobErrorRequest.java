package io.gatefork.gateway.rest.job;

import io.gatefork.service.codec.JsonDocument;

/** Body of {@code POST /v2/jobs/{jobKey}/error}; errorCode is required. */
public record JobErrorRequest(String errorCode, String errorMessage, JsonDocument variables) {}
