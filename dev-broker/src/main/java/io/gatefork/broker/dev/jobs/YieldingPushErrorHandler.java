package io.gatefork.broker.dev.jobs;

import io.camunda.zeebe.logstreams.log.LogAppendEntry;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.logstreams.log.WriteContext;
import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.impl.stream.job.ActivatedJob;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.transport.stream.api.RemoteStreamErrorHandler;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Called when a pushed job reached no consumer (every gateway stream refused or failed). The job is
 * already activated in the engine's state, so it would sit there until its deadline: write {@code
 * JOB.YIELD} to its partition, which makes it activatable again at once.
 */
final class YieldingPushErrorHandler implements RemoteStreamErrorHandler<ActivatedJob> {

  private static final Logger LOG = LoggerFactory.getLogger(YieldingPushErrorHandler.class);

  private final Map<Integer, LogStreamWriter> localWriters;

  YieldingPushErrorHandler(final Map<Integer, LogStreamWriter> localWriters) {
    this.localWriters = localWriters;
  }

  @Override
  public void handleError(final Throwable error, final ActivatedJob job) {
    final long jobKey = job.jobKey();
    final int partitionId = Protocol.decodePartitionId(jobKey);
    final LogStreamWriter writer = localWriters.get(partitionId);
    if (writer == null) {
      LOG.warn("Cannot yield job {}: partition {} is not hosted here", jobKey, partitionId);
      return;
    }
    LOG.debug("Push of job {} failed, yielding it", jobKey, error);
    // copy the record: the payload belongs to the stream pusher
    final byte[] bytes = new byte[job.jobRecord().getLength()];
    job.jobRecord().write(new UnsafeBuffer(bytes), 0);
    final var record = new JobRecord();
    record.wrap(new UnsafeBuffer(bytes), 0, bytes.length);
    final var metadata =
        new RecordMetadata()
            .recordType(RecordType.COMMAND)
            .valueType(ValueType.JOB)
            .intent(JobIntent.YIELD);
    // internal: broker housekeeping must not be refused by the user request limit
    final var written =
        writer.tryWrite(WriteContext.internal(), LogAppendEntry.of(jobKey, metadata, record));
    if (written.isLeft()) {
      LOG.warn("Cannot yield job {}: {}", jobKey, written.getLeft());
    }
  }
}
