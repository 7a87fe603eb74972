package io.gatefork.service.usertask;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

/**
 * Commands on Camunda user tasks ({@code USER_TASK} records on the partition of the task's key).
 * The broker answers once the task's listeners, if any, have run.
 */
public interface UserTaskServices {

  /** {@code USER_TASK.ASSIGN}, or {@code CLAIM} when the task must not be assigned already. */
  CompletableFuture<Void> assign(RequestContext context, AssignUserTask command);

  /** {@code USER_TASK.ASSIGN} to nobody, with the action {@code unassign}. */
  CompletableFuture<Void> unassign(RequestContext context, long userTaskKey);

  /** {@code USER_TASK.COMPLETE}. */
  CompletableFuture<Void> complete(RequestContext context, CompleteUserTask command);

  /** {@code USER_TASK.UPDATE} of the attributes given. */
  CompletableFuture<Void> update(RequestContext context, UpdateUserTask command);
}
