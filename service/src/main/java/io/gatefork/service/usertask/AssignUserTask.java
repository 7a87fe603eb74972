package io.gatefork.service.usertask;

/**
 * @param allowOverride false: reject when the task already has an assignee (a claim)
 * @param action a custom action for the task's records; null for the engine's default
 */
public record AssignUserTask(
    long userTaskKey, String assignee, boolean allowOverride, String action) {}
