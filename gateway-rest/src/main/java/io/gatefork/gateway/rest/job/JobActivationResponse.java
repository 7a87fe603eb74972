package io.gatefork.gateway.rest.job;

import io.gatefork.service.codec.JsonDocument;
import java.util.List;

/** {@code JobActivationResult} of the 8.8 spec. */
public record JobActivationResponse(List<ActivatedJobResult> jobs) {

  /**
   * {@code ActivatedJobResult}: keys as strings, {@code customHeaders} and {@code variables}
   * written straight from the job's documents. The optional {@code userTask} and {@code tags} are
   * left out: the service layer does not provide them yet.
   */
  public record ActivatedJobResult(
      String type,
      String processDefinitionId,
      int processDefinitionVersion,
      String elementId,
      JsonDocument customHeaders,
      String worker,
      int retries,
      long deadline,
      JsonDocument variables,
      String tenantId,
      String jobKey,
      String processInstanceKey,
      String processDefinitionKey,
      String elementInstanceKey,
      String kind,
      String listenerEventType) {}
}
