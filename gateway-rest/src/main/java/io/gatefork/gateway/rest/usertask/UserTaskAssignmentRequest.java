package io.gatefork.gateway.rest.usertask;

/** Body of {@code POST /v2/user-tasks/{key}/assignment}; assignee is required. */
public record UserTaskAssignmentRequest(String assignee, Boolean allowOverride, String action) {}
