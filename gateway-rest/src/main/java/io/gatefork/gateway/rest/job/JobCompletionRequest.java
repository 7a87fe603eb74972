package io.gatefork.gateway.rest.job;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.gatefork.service.codec.JsonDocument;
import java.util.List;

/**
 * Optional body of {@code POST /v2/jobs/{jobKey}/completion}. {@code result} is the spec's oneOf
 * discriminated by {@code type} ({@code userTask}, the default, or {@code adHocSubProcess}) in one
 * record; {@link JobRequestMapper} reads the fields of the named type.
 */
public record JobCompletionRequest(JsonDocument variables, Result result) {

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Result(
      String type,
      Boolean denied,
      String deniedReason,
      Corrections corrections,
      List<ActivateElement> activateElements,
      @JsonProperty("isCompletionConditionFulfilled") Boolean completionConditionFulfilled,
      @JsonProperty("isCancelRemainingInstances") Boolean cancelRemainingInstances) {}

  /** A null (or absent) attribute keeps the task's value. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Corrections(
      String assignee,
      String dueDate,
      String followUpDate,
      List<String> candidateUsers,
      List<String> candidateGroups,
      Integer priority) {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record ActivateElement(String elementId, JsonDocument variables) {}
}
