package io.gatefork.gateway.rest.usertask;

import io.gatefork.gateway.rest.json.JsonObjectText;

/** Optional body of {@code POST /v2/user-tasks/{key}/completion}. */
public record UserTaskCompletionRequest(JsonObjectText variables, String action) {}
