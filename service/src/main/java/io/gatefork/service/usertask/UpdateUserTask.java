package io.gatefork.service.usertask;

import java.util.List;

/**
 * The attributes to change; null leaves one as it is, an empty value clears it.
 *
 * @param dueDate an ISO 8601 date-time, or empty to clear
 * @param followUpDate an ISO 8601 date-time, or empty to clear
 * @param priority 0 to 100
 * @param action a custom action for the task's records; null for the engine's default
 */
public record UpdateUserTask(
    long userTaskKey,
    String dueDate,
    String followUpDate,
    List<String> candidateUsers,
    List<String> candidateGroups,
    Integer priority,
    String action) {}
