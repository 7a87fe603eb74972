package io.gatefork.service.testing;

import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.value.job.JobBatchRecord;
import io.camunda.zeebe.protocol.record.value.JobKind;
import io.camunda.zeebe.protocol.record.value.JobListenerEventType;
import io.gatefork.broker.client.BrokerResult;
import org.agrona.concurrent.UnsafeBuffer;

/** Job-batch answers for the fake broker. */
public final class JobBatches {
  private JobBatches() {}

  /** The request's maximum as it was sent. */
  public static int maxJobs(final FakeBrokerClient.Sent sent) {
    return sent.valueAs(new JobBatchRecord()).getMaxJobsToActivate();
  }

  public static String type(final FakeBrokerClient.Sent sent) {
    return sent.valueAs(new JobBatchRecord()).getType();
  }

  /** An answer with one job per key; each job's variables are {@code {"key":<key>}}. */
  public static BrokerResult<JobBatchRecord> withJobs(
      final FakeBrokerClient.Sent sent, final long... keys) {
    final String type = type(sent);
    return FakeBrokerClient.<JobBatchRecord>accepted(
        sent,
        1L,
        batch -> {
          batch.setType(type);
          for (final long key : keys) {
            batch.jobKeys().add().setValue(key);
            batch
                .jobs()
                .add()
                .setType(type)
                .setWorker("worker-1")
                .setRetries(3)
                .setDeadline(1_700_000_000_000L)
                .setBpmnProcessId("order")
                .setProcessDefinitionVersion(2)
                .setProcessDefinitionKey(100L)
                .setProcessInstanceKey(200L)
                .setElementInstanceKey(300L)
                .setElementId("task")
                .setTenantId("<default>")
                .setJobKind(JobKind.BPMN_ELEMENT)
                .setListenerEventType(JobListenerEventType.UNSPECIFIED)
                .setCustomHeaders(msgPack("{\"h\":\"v\"}"))
                .setVariables(msgPack("{\"key\":" + key + "}"));
          }
        });
  }

  public static BrokerResult<JobBatchRecord> empty(final FakeBrokerClient.Sent sent) {
    return withJobs(sent);
  }

  private static UnsafeBuffer msgPack(final String json) {
    return new UnsafeBuffer(MsgPackConverter.convertToMsgPack(json));
  }
}
