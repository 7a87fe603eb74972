package io.gatefork.gateway.rest.usertask;

import io.gatefork.service.codec.JsonDocument;

/** Optional body of {@code POST /v2/user-tasks/{key}/completion}. */
public record UserTaskCompletionRequest(JsonDocument variables, String action) {}
