package io.gatefork.service.job;

import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJobImpl;
import io.camunda.zeebe.protocol.record.value.JobKind;
import io.camunda.zeebe.protocol.record.value.JobListenerEventType;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/** What a broker pushes on a job stream: an activated job, encoded as the brokers send it. */
final class PushedJobs {
  private PushedJobs() {}

  /** A job of {@code type} activated for {@code worker}, with custom headers {@code {"h":"v"}}. */
  static DirectBuffer payload(
      final long key, final String type, final String worker, final String variablesJson) {
    final var record =
        new JobRecord()
            .setType(type)
            .setWorker(worker)
            .setRetries(3)
            .setDeadline(1_700_000_000_000L)
            .setBpmnProcessId("order")
            .setProcessDefinitionVersion(1)
            .setProcessDefinitionKey(100L)
            .setProcessInstanceKey(200L)
            .setElementInstanceKey(300L)
            .setElementId("task")
            .setTenantId("<default>")
            .setJobKind(JobKind.BPMN_ELEMENT)
            .setListenerEventType(JobListenerEventType.UNSPECIFIED)
            .setCustomHeaders(new UnsafeBuffer(MsgPackConverter.convertToMsgPack("{\"h\":\"v\"}")))
            .setVariables(new UnsafeBuffer(MsgPackConverter.convertToMsgPack(variablesJson)));
    final var job = new ActivatedJobImpl().setJobKey(key).setRecord(record);
    final var buffer = new UnsafeBuffer(new byte[job.getLength()]);
    job.write(buffer, 0);
    return buffer;
  }
}
