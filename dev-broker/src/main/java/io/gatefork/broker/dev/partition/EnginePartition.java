package io.gatefork.broker.dev.partition;

import io.camunda.zeebe.db.ZeebeDb;
import io.camunda.zeebe.protocol.ZbColumnFamilies;
import io.camunda.zeebe.stream.impl.StreamProcessor;
import io.gatefork.broker.dev.log.PartitionLog;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A running engine partition: the stream processor with the Zeebe engine, processing the
 * partition's log against its RocksDB state. The log itself is owned (and closed) by the caller,
 * because other partitions write to it before and after the processor runs.
 */
public final class EnginePartition implements AutoCloseable {

  private final PartitionLog log;
  private final ZeebeDb<ZbColumnFamilies> state;
  private final StreamProcessor processor;
  private final AtomicBoolean closed = new AtomicBoolean();

  EnginePartition(
      final PartitionLog log,
      final ZeebeDb<ZbColumnFamilies> state,
      final StreamProcessor processor) {
    this.log = log;
    this.state = state;
    this.processor = processor;
  }

  public int partitionId() {
    return log.partitionId();
  }

  /**
   * Stops processing (with it the partition's timers and job pushes), then closes the state. Only
   * the first call does anything.
   */
  @Override
  public void close() throws Exception {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    processor.closeAsync().join();
    state.close();
  }
}
