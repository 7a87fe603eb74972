package io.gatefork.gateway.rest.job;

import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code POST /v2/jobs/{jobKey}/error}; errorCode is required. */
public record JobErrorRequest(String errorCode, String errorMessage, JsonObjectText variables) {}
