package io.gatefork.broker.dev.log;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.limit.FixedLimit;
import io.camunda.zeebe.logstreams.log.LogStream;
import io.camunda.zeebe.logstreams.log.LogStreamReader;
import io.camunda.zeebe.logstreams.log.LogStreamWriter;
import io.camunda.zeebe.logstreams.log.LoggedEvent;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.record.RecordType;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One partition's log: a {@link LogStream} over an {@link InMemoryLogStorage}, its (thread-safe)
 * writer, and the {@link LogRetention} that trims it. The stream processor's read mark exists from
 * the start, so nothing is dropped before the processor has read it.
 */
public final class PartitionLog implements AutoCloseable {

  private final int partitionId;
  private final InMemoryLogStorage storage;
  private final LogRetention retention;
  private final LogStream logStream;
  private final LogStreamWriter writer;
  private final MeterRegistry meterRegistry;
  private final LogRetention.ReadMark processorReadMark;
  private final AtomicBoolean closed = new AtomicBoolean();

  private PartitionLog(
      final int partitionId,
      final InMemoryLogStorage storage,
      final LogRetention retention,
      final LogStream logStream,
      final MeterRegistry meterRegistry) {
    this.partitionId = partitionId;
    this.storage = storage;
    this.retention = retention;
    this.logStream = logStream;
    this.meterRegistry = meterRegistry;
    writer = logStream.newLogStreamWriter();
    // registered with the log, not when the processor opens: other readers (the journal) may
    // advance before that, and must not let the log drop what the processor has yet to read
    processorReadMark = retention.register("stream-processor");
  }

  /**
   * Creates the log of one partition.
   *
   * @param requestLimit the maximum number of user commands in flight (written, not yet processed);
   *     beyond it the writer refuses with {@code REQUEST_LIMIT_EXHAUSTED}. 0 means unlimited.
   * @param meterRegistry this partition's own registry, also for its engine: upstream components
   *     register the same meter names in every partition, without a partition tag
   */
  public static PartitionLog create(
      final int partitionId, final int requestLimit, final MeterRegistry meterRegistry) {
    return create(partitionId, requestLimit, false, meterRegistry);
  }

  /**
   * Creates the log of one partition, optionally refusing every user command.
   *
   * @param refuseUserCommands a request limit of zero: flow control refuses every user command with
   *     {@code REQUEST_LIMIT_EXHAUSTED}, except those upstream whitelists (deployments, job
   *     completion and failure, cancellation, ...). Overrides {@code requestLimit}.
   */
  public static PartitionLog create(
      final int partitionId,
      final int requestLimit,
      final boolean refuseUserCommands,
      final MeterRegistry meterRegistry) {
    final Limit limit;
    if (refuseUserCommands) {
      limit = FixedLimit.of(0); // nothing is ever in flight below 0: every acquire is refused
    } else {
      // null = no request limiter at all (the engine's flow control is off)
      limit = requestLimit > 0 ? FixedLimit.of(requestLimit) : null;
    }
    final var storage = new InMemoryLogStorage();
    final var logStream =
        LogStream.builder()
            .withPartitionId(partitionId)
            .withLogName("partition-" + partitionId)
            .withLogStorage(storage)
            .withClock(InstantSource.system())
            .withMeterRegistry(meterRegistry)
            .withRequestLimit(limit)
            .build();
    return new PartitionLog(
        partitionId, storage, new LogRetention(storage), logStream, meterRegistry);
  }

  public int partitionId() {
    return partitionId;
  }

  public LogStream logStream() {
    return logStream;
  }

  /** The sequencer; safe to call from any thread. */
  public LogStreamWriter writer() {
    return writer;
  }

  public LogRetention retention() {
    return retention;
  }

  /** The stream processor's progress through this log; it limits what the log may drop. */
  public LogRetention.ReadMark processorReadMark() {
    return processorReadMark;
  }

  public InMemoryLogStorage storage() {
    return storage;
  }

  public MeterRegistry meterRegistry() {
    return meterRegistry;
  }

  /**
   * The request ids of the user commands in the log that the stream processor has not processed:
   * after the processor stopped for good, these requests would never be answered.
   */
  public List<Long> unprocessedRequestIds() {
    final var requestIds = new ArrayList<Long>();
    final var metadata = new RecordMetadata();
    try (LogStreamReader reader = logStream.newLogStreamReader()) {
      final long processed = processorReadMark.position();
      if (processed > 0) {
        reader.seekToNextEvent(processed);
      } else {
        reader.seekToFirstEvent();
      }
      while (reader.hasNext()) {
        final LoggedEvent event = reader.next();
        metadata.reset();
        event.readMetadata(metadata);
        if (metadata.getRecordType() == RecordType.COMMAND && metadata.getRequestId() >= 0) {
          requestIds.add(metadata.getRequestId());
        }
      }
    }
    return requestIds;
  }

  /** Closes the log stream; writers are refused from then on. Only the first call does anything. */
  @Override
  public void close() {
    if (closed.compareAndSet(false, true)) {
      logStream.close();
    }
  }
}
