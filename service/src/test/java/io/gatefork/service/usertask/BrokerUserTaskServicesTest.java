package io.gatefork.service.usertask;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.impl.record.value.usertask.UserTaskRecord;
import io.camunda.zeebe.protocol.record.intent.UserTaskIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerUserTaskServicesTest {
  private static final long TASK = 2251799813685249L;

  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerUserTaskServices services = new BrokerUserTaskServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void assignWithOverrideIsAnAssignOnTheTasksPartition() throws Exception {
    services
        .assign(RequestContext.create(), new AssignUserTask(TASK, "alice", true, null))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(UserTaskIntent.ASSIGN);
    assertThat(sent.request().key()).isEqualTo(TASK);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.byKey(TASK));
    final var record = sent.valueAs(new UserTaskRecord());
    assertThat(record.getAssignee()).isEqualTo("alice");
    assertThat(record.getUserTaskKey()).isEqualTo(TASK);
  }

  @Test
  void assignWithoutOverrideIsAClaimThatKeepsACustomAction() throws Exception {
    services
        .assign(RequestContext.create(), new AssignUserTask(TASK, "bob", false, "pick"))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(UserTaskIntent.CLAIM);
    assertThat(sent.valueAs(new UserTaskRecord()).getAction()).isEqualTo("pick");
  }

  @Test
  void unassignAssignsNobodyWithTheUnassignAction() throws Exception {
    services.unassign(RequestContext.create(), TASK).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(UserTaskIntent.ASSIGN);
    final var record = sent.valueAs(new UserTaskRecord());
    assertThat(record.getAssignee()).isEmpty();
    assertThat(record.getAction()).isEqualTo("unassign");
  }

  @Test
  void completeCarriesTheVariables() throws Exception {
    services
        .complete(
            RequestContext.create(),
            new CompleteUserTask(TASK, JsonDocument.ofJson("{\"ok\":true}"), null))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(UserTaskIntent.COMPLETE);
    assertThat(sent.valueAs(new UserTaskRecord()).getVariables()).containsEntry("ok", true);
  }

  @Test
  void updateMarksExactlyTheGivenAttributesAsChanged() throws Exception {
    services
        .update(
            RequestContext.create(),
            new UpdateUserTask(
                TASK, "2025-06-30T12:00:00Z", null, List.of("alice"), null, 80, null))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(UserTaskIntent.UPDATE);
    final var record = sent.valueAs(new UserTaskRecord());
    assertThat(record.getChangedAttributes())
        .containsExactlyInAnyOrder(
            UserTaskRecord.DUE_DATE, UserTaskRecord.CANDIDATE_USERS, UserTaskRecord.PRIORITY);
    assertThat(record.getDueDate()).isEqualTo("2025-06-30T12:00:00Z");
    assertThat(record.getCandidateUsersList()).containsExactly("alice");
    assertThat(record.getPriority()).isEqualTo(80);
  }

  @Test
  void anEmptyDateClearsIt() throws Exception {
    services
        .update(RequestContext.create(), new UpdateUserTask(TASK, null, "", null, null, null, null))
        .get(5, TimeUnit.SECONDS);

    final var record = broker.sent().getFirst().valueAs(new UserTaskRecord());
    assertThat(record.getChangedAttributes()).containsExactly(UserTaskRecord.FOLLOW_UP_DATE);
    assertThat(record.getFollowUpDate()).isEmpty();
  }

  @Test
  void aMalformedDateOrPriorityNeverReachesTheBroker() {
    assertFails(
        services.update(
            RequestContext.create(),
            new UpdateUserTask(TASK, "tomorrow", null, null, null, null, null)),
        ServiceStatus.INVALID_ARGUMENT,
        "changeset.dueDate");
    assertFails(
        services.update(
            RequestContext.create(), new UpdateUserTask(TASK, null, null, null, null, 101, null)),
        ServiceStatus.INVALID_ARGUMENT,
        "changeset.priority");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void anAssignmentWithoutAssigneeCannotBeMade() {
    assertThatThrownBy(() -> new AssignUserTask(TASK, " ", true, null))
        .hasMessage("assignee: must not be blank");
    assertThatThrownBy(() -> new AssignUserTask(TASK, null, true, null))
        .hasMessage("assignee: is required");
  }
}
