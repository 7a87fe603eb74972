package io.gatefork.gateway.rest.usertask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.patch;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.usertask.AssignUserTask;
import io.gatefork.service.usertask.CompleteUserTask;
import io.gatefork.service.usertask.UpdateUserTask;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class UserTaskControllerTest extends RestTestSupport {
  private static final long KEY = 2251799813685249L;
  private static final String TASK = "/v2/user-tasks/" + KEY;

  @BeforeEach
  void succeed() {
    fakes.userTasks.succeedAll(method -> null);
  }

  @Test
  void assignmentOverridesAnAssigneeByDefault() throws Exception {
    final var result =
        performAsync(
            post(TASK + "/assignment")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"assignee\":\"alice\"}"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(fakes.userTasks.on("assign").lastCall().get(1))
        .isEqualTo(new AssignUserTask(KEY, "alice", true, null));
  }

  @Test
  void assignmentWithoutOverrideIsAClaim() throws Exception {
    performAsync(
        post(TASK + "/assignment")
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"assignee\":\"bob\",\"allowOverride\":false,\"action\":\"pick\"}"));

    assertThat(fakes.userTasks.on("assign").lastCall().get(1))
        .isEqualTo(new AssignUserTask(KEY, "bob", false, "pick"));
  }

  @Test
  void unassignNeedsNoBody() throws Exception {
    final var result = performAsync(delete(TASK + "/assignee"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(204);
    assertThat(fakes.userTasks.on("unassign").lastCall().get(1)).isEqualTo(KEY);
  }

  @Test
  void completionWithoutBodyCompletesWithoutVariables() throws Exception {
    performAsync(post(TASK + "/completion").contentType(MediaType.APPLICATION_JSON));

    assertThat(fakes.userTasks.on("complete").lastCall().get(1))
        .isEqualTo(new CompleteUserTask(KEY, null, null));
  }

  @Test
  void updatePassesOnlyTheAttributesOfTheChangeset() throws Exception {
    performAsync(
        patch(TASK)
            .contentType(MediaType.APPLICATION_JSON)
            .content("{\"changeset\":{\"candidateGroups\":[\"ops\"],\"dueDate\":\"\"}}"));

    assertThat(fakes.userTasks.on("update").lastCall().get(1))
        .isEqualTo(new UpdateUserTask(KEY, "", null, null, List.of("ops"), null, null));
  }

  @Test
  void anUpdateThatChangesNothingIsRejectedNamingTheChangeset() throws Exception {
    final var result =
        performSync(
            patch(TASK).contentType(MediaType.APPLICATION_JSON).content("{\"changeset\":{}}"));

    assertProblem(
        result, 400, "INVALID_ARGUMENT", "changeset, action: one of them is required", TASK);
    assertThat(fakes.calls()).isZero();
  }
}
