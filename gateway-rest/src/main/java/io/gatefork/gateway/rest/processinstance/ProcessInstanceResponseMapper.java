package io.gatefork.gateway.rest.processinstance;

import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.processinstance.ProcessInstanceCreated;
import io.gatefork.service.processinstance.ProcessInstanceResult;
import java.util.List;

final class ProcessInstanceResponseMapper {
  private ProcessInstanceResponseMapper() {}

  static CreateProcessInstanceResponse toResponse(final ProcessInstanceCreated created) {
    return new CreateProcessInstanceResponse(
        created.bpmnProcessId(),
        created.version(),
        created.tenantId(),
        JsonDocument.EMPTY,
        Long.toString(created.processDefinitionKey()),
        Long.toString(created.processInstanceKey()),
        orEmpty(created.tags()));
  }

  static CreateProcessInstanceResponse toResponse(final ProcessInstanceResult result) {
    return new CreateProcessInstanceResponse(
        result.bpmnProcessId(),
        result.version(),
        result.tenantId(),
        result.variables(),
        Long.toString(result.processDefinitionKey()),
        Long.toString(result.processInstanceKey()),
        orEmpty(result.tags()));
  }

  private static List<String> orEmpty(final List<String> tags) {
    return tags == null ? List.of() : tags;
  }
}
