package io.gatefork.gateway.rest.usertask;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** Body of {@code POST /v2/user-tasks/{key}/assignment}; assignee is required. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record UserTaskAssignmentRequest(String assignee, Boolean allowOverride, String action) {}
