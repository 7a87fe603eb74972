package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.gatefork.service.codec.JsonDocument;
import java.util.ArrayList;
import java.util.List;

/** Reads the jobs of a broker's job batch into {@link ActivatedJob}s. */
final class ActivatedJobs {
  private ActivatedJobs() {}

  /** The batch's records are flyweights over the answer: map each before moving on. */
  static List<ActivatedJob> fromBatch(final JobBatchRecord batch) {
    final List<Long> keys = batch.getJobKeys();
    if (keys.isEmpty()) {
      return List.of();
    }
    final var jobs = new ArrayList<ActivatedJob>(keys.size());
    int index = 0;
    for (final JobRecord job : batch.jobs()) {
      jobs.add(toActivatedJob(keys.get(index++), job));
    }
    return jobs;
  }

  static ActivatedJob toActivatedJob(final long key, final JobRecord job) {
    return new ActivatedJob(
        key,
        job.getType(),
        job.getProcessInstanceKey(),
        job.getBpmnProcessId(),
        job.getProcessDefinitionVersion(),
        job.getProcessDefinitionKey(),
        job.getElementId(),
        job.getElementInstanceKey(),
        JsonDocument.copyOf(job.getCustomHeadersBuffer()),
        job.getWorker(),
        job.getRetries(),
        job.getDeadline(),
        JsonDocument.copyOf(job.getVariablesBuffer()),
        job.getTenantId(),
        job.getJobKind().name(),
        job.getJobListenerEventType().name());
  }
}
