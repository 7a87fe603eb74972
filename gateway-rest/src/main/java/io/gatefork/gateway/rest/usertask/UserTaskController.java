package io.gatefork.gateway.rest.usertask;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.usertask.AssignUserTask;
import io.gatefork.service.usertask.CompleteUserTask;
import io.gatefork.service.usertask.UpdateUserTask;
import io.gatefork.service.usertask.UserTaskServices;
import io.gatefork.service.validation.FieldRules;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Assign, unassign, complete and update Camunda user tasks. Each answers 204 once the broker is
 * done, which includes the task's listeners; a listener that denies the change makes it a 409.
 */
@RestController
@RequestMapping(
    path = "/v2/user-tasks/{userTaskKey}",
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class UserTaskController {
  private static final String USER_TASK_KEY = "userTaskKey";

  private final UserTaskServices userTaskServices;

  public UserTaskController(final UserTaskServices userTaskServices) {
    this.userTaskServices = userTaskServices;
  }

  /** {@code allowOverride} false claims: it fails when the task has an assignee already. */
  @GatewayOperation(Operation.ASSIGN_USER_TASK)
  @PostMapping(path = "/assignment", consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> assignUserTask(
      @PathVariable final String userTaskKey,
      @RequestBody final UserTaskAssignmentRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(USER_TASK_KEY, userTaskKey);
    return AsyncResponses.noContent(
        userTaskServices.assign(
            context,
            new AssignUserTask(
                key, body.assignee(), !Boolean.FALSE.equals(body.allowOverride()), body.action())));
  }

  @GatewayOperation(Operation.UNASSIGN_USER_TASK)
  @DeleteMapping("/assignee")
  public CompletableFuture<ResponseEntity<Object>> unassignUserTask(
      @PathVariable final String userTaskKey, final RequestContext context) {
    final long key = LongKeys.parse(USER_TASK_KEY, userTaskKey);
    return AsyncResponses.noContent(userTaskServices.unassign(context, key));
  }

  @GatewayOperation(Operation.COMPLETE_USER_TASK)
  @PostMapping(path = "/completion", consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> completeUserTask(
      @PathVariable final String userTaskKey,
      @RequestBody(required = false) final UserTaskCompletionRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(USER_TASK_KEY, userTaskKey);
    return AsyncResponses.noContent(
        userTaskServices.complete(
            context,
            new CompleteUserTask(
                key, body == null ? null : body.variables(), body == null ? null : body.action())));
  }

  /** At least one attribute of the changeset, or an action, must be given. */
  @GatewayOperation(Operation.UPDATE_USER_TASK)
  @PatchMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> updateUserTask(
      @PathVariable final String userTaskKey,
      @RequestBody(required = false) final UserTaskUpdateRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(USER_TASK_KEY, userTaskKey);
    final UserTaskUpdateRequest.Changeset changeset = body == null ? null : body.changeset();
    final String action = body == null ? null : body.action();
    if ((changeset == null || changeset.isEmpty()) && action == null) {
      throw FieldRules.noneOf("changeset, action");
    }
    return AsyncResponses.noContent(
        userTaskServices.update(
            context,
            changeset == null
                ? new UpdateUserTask(key, null, null, null, null, null, action)
                : new UpdateUserTask(
                    key,
                    changeset.dueDate(),
                    changeset.followUpDate(),
                    changeset.candidateUsers(),
                    changeset.candidateGroups(),
                    changeset.priority(),
                    action)));
  }
}
