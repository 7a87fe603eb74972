package io.gatefork.service.usertask;

import io.gatefork.service.validation.FieldRules;

/**
 * Its field rules hold once it exists: a missing or blank assignee is refused where the front end
 * builds it, once, before the service is called.
 *
 * @param allowOverride false: reject when the task already has an assignee (a claim)
 * @param action a custom action for the task's records; null for the engine's default
 */
public record AssignUserTask(
    long userTaskKey, String assignee, boolean allowOverride, String action) {

  public AssignUserTask {
    FieldRules.requireText("assignee", assignee);
  }
}
