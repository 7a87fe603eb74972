package io.gatefork.service.usertask;

import io.camunda.zeebe.protocol.impl.record.value.usertask.UserTaskRecord;
import io.camunda.zeebe.protocol.record.intent.UserTaskIntent;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.agrona.DirectBuffer;

/** Sends user-task commands to the partition of the task's key. */
public final class BrokerUserTaskServices extends ApiServices implements UserTaskServices {
  static final String UNASSIGN_ACTION = "unassign";
  static final int MAX_PRIORITY = 100;

  public BrokerUserTaskServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<Void> assign(
      final RequestContext context, final AssignUserTask command) {
    final BrokerRequest<UserTaskRecord> request;
    try {
      final long key = FieldRules.requireKey("userTaskKey", command.userTaskKey());
      // the command checked its assignee
      final var record = new UserTaskRecord().setUserTaskKey(key).setAssignee(command.assignee());
      setAction(record, command.action());
      request =
          BrokerRequests.userTask(
              command.allowOverride() ? UserTaskIntent.ASSIGN : UserTaskIntent.CLAIM, key, record);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<Void> unassign(final RequestContext context, final long userTaskKey) {
    final BrokerRequest<UserTaskRecord> request;
    try {
      final long key = FieldRules.requireKey("userTaskKey", userTaskKey);
      final var record =
          new UserTaskRecord().setUserTaskKey(key).setAssignee("").setAction(UNASSIGN_ACTION);
      request = BrokerRequests.userTask(UserTaskIntent.ASSIGN, key, record);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<Void> complete(
      final RequestContext context, final CompleteUserTask command) {
    final BrokerRequest<UserTaskRecord> request;
    try {
      final long key =
          FieldRules.requireKey(
              "userTaskKey", FieldRules.require("userTaskKey", command).userTaskKey());
      final var record = new UserTaskRecord().setUserTaskKey(key);
      final DirectBuffer variables = JsonDocument.bufferOf(command.variables());
      if (variables != null) {
        record.setVariables(variables);
      }
      setAction(record, command.action());
      request = BrokerRequests.userTask(UserTaskIntent.COMPLETE, key, record);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<Void> update(
      final RequestContext context, final UpdateUserTask command) {
    final BrokerRequest<UserTaskRecord> request;
    try {
      final long key =
          FieldRules.requireKey(
              "userTaskKey", FieldRules.require("userTaskKey", command).userTaskKey());
      request = BrokerRequests.userTask(UserTaskIntent.UPDATE, key, toUpdate(key, command));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  /** The engine applies exactly the attributes marked as changed. */
  private static UserTaskRecord toUpdate(final long key, final UpdateUserTask command) {
    final var record = new UserTaskRecord().setUserTaskKey(key);
    if (command.dueDate() != null) {
      record.setDueDate(dateTime("changeset.dueDate", command.dueDate())).setDueDateChanged();
    }
    if (command.followUpDate() != null) {
      record
          .setFollowUpDate(dateTime("changeset.followUpDate", command.followUpDate()))
          .setFollowUpDateChanged();
    }
    if (command.candidateUsers() != null) {
      record
          .setCandidateUsersList(
              FieldRules.names("changeset.candidateUsers", command.candidateUsers()))
          .setCandidateUsersChanged();
    }
    if (command.candidateGroups() != null) {
      record
          .setCandidateGroupsList(
              FieldRules.names("changeset.candidateGroups", command.candidateGroups()))
          .setCandidateGroupsChanged();
    }
    if (command.priority() != null) {
      record
          .setPriority(
              FieldRules.requireRange("changeset.priority", command.priority(), 0, MAX_PRIORITY))
          .setPriorityChanged();
    }
    setAction(record, command.action());
    return record;
  }

  /** Empty clears the date; anything else must be an ISO 8601 date-time with an offset. */
  private static String dateTime(final String field, final String value) {
    if (value.isEmpty()) {
      return value;
    }
    try {
      ZonedDateTime.parse(value);
      return value;
    } catch (final DateTimeParseException e) {
      throw FieldRules.notDateTimeOrEmpty(field, value);
    }
  }

  private static void setAction(final UserTaskRecord record, final String action) {
    if (action != null && !action.isBlank()) {
      record.setAction(action);
    }
  }
}
