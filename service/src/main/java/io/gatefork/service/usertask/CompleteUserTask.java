package io.gatefork.service.usertask;

import io.gatefork.service.codec.JsonDocument;

/**
 * @param variables a JSON object, or null
 * @param action a custom action for the task's records; null for the engine's default
 */
public record CompleteUserTask(long userTaskKey, JsonDocument variables, String action) {}
