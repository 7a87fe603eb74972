package io.gatefork.gateway.rest.job;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.json.JsonObjectText;

/** Body of {@code POST /v2/jobs/{jobKey}/error}; errorCode is required. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record JobErrorRequest(String errorCode, String errorMessage, JsonObjectText variables) {}
