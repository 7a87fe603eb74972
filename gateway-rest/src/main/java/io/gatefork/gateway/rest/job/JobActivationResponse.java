package io.gatefork.gateway.rest.job;

import com.fasterxml.jackson.annotation.JsonRawValue;
import java.util.List;

/** {@code JobActivationResult} of the 8.8 spec. */
public record JobActivationResponse(List<ActivatedJobResult> jobs) {

  /**
   * {@code ActivatedJobResult}: keys as strings, {@code customHeaders} and {@code variables} as the
   * raw JSON objects the service returned. The optional {@code userTask} and {@code tags} are left
   * out: the service layer does not provide them yet.
   */
  public record ActivatedJobResult(
      String type,
      String processDefinitionId,
      int processDefinitionVersion,
      String elementId,
      @JsonRawValue String customHeaders,
      String worker,
      int retries,
      long deadline,
      @JsonRawValue String variables,
      String tenantId,
      String jobKey,
      String processInstanceKey,
      String processDefinitionKey,
      String elementInstanceKey,
      String kind,
      String listenerEventType) {}
}
