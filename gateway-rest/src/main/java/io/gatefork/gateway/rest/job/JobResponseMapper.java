package io.gatefork.gateway.rest.job;

import io.gatefork.gateway.rest.job.JobActivationResponse.ActivatedJobResult;
import io.gatefork.service.job.ActivatedJob;
import java.util.ArrayList;
import java.util.List;

final class JobResponseMapper {
  private static final String DEFAULT_KIND = "BPMN_ELEMENT";
  private static final String DEFAULT_LISTENER_EVENT_TYPE = "UNSPECIFIED";

  private JobResponseMapper() {}

  static JobActivationResponse toResponse(final List<ActivatedJob> jobs) {
    if (jobs == null || jobs.isEmpty()) {
      return new JobActivationResponse(List.of());
    }
    final var results = new ArrayList<ActivatedJobResult>(jobs.size());
    for (final ActivatedJob job : jobs) {
      results.add(toResult(job));
    }
    return new JobActivationResponse(results);
  }

  private static ActivatedJobResult toResult(final ActivatedJob job) {
    return new ActivatedJobResult(
        job.type(),
        job.bpmnProcessId(),
        job.processDefinitionVersion(),
        job.elementId(),
        job.customHeaders(),
        job.worker(),
        job.retries(),
        job.deadline(),
        job.variables(),
        job.tenantId(),
        Long.toString(job.key()),
        Long.toString(job.processInstanceKey()),
        Long.toString(job.processDefinitionKey()),
        Long.toString(job.elementInstanceKey()),
        job.kind() == null ? DEFAULT_KIND : job.kind(),
        job.listenerEventType() == null ? DEFAULT_LISTENER_EVENT_TYPE : job.listenerEventType());
  }
}
