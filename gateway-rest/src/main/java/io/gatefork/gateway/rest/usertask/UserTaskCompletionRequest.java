package io.gatefork.gateway.rest.usertask;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.json.JsonObjectText;

/** Optional body of {@code POST /v2/user-tasks/{key}/completion}. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record UserTaskCompletionRequest(JsonObjectText variables, String action) {}
