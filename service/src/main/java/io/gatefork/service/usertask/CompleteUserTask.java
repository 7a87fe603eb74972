package io.gatefork.service.usertask;

/**
 * @param variablesJson a JSON object, or null
 * @param action a custom action for the task's records; null for the engine's default
 */
public record CompleteUserTask(long userTaskKey, String variablesJson, String action) {}
