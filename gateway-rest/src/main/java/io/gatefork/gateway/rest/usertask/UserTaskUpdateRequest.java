package io.gatefork.gateway.rest.usertask;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * Body of {@code PATCH /v2/user-tasks/{key}}: the attributes to change (null or absent keeps one,
 * an empty value clears it) and/or a custom action.
 */
public record UserTaskUpdateRequest(Changeset changeset, String action) {

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Changeset(
      String dueDate,
      String followUpDate,
      List<String> candidateUsers,
      List<String> candidateGroups,
      Integer priority) {

    boolean isEmpty() {
      return dueDate == null
          && followUpDate == null
          && candidateUsers == null
          && candidateGroups == null
          && priority == null;
    }
  }
}
