package io.gatefork.broker.dev.log;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.logstreams.log.LogAppendEntry;
import io.camunda.zeebe.logstreams.log.LogStreamReader;
import io.camunda.zeebe.logstreams.log.WriteContext;
import io.camunda.zeebe.logstreams.storage.LogStorage.AppendListener;
import io.camunda.zeebe.logstreams.storage.LogStorageReader;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.protocol.impl.record.value.job.JobRecord;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.JobIntent;
import io.camunda.zeebe.util.buffer.DirectBufferWriter;
import io.micrometer.core.instrument.composite.CompositeMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicInteger;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class InMemoryLogStorageTest {

  private final InMemoryLogStorage storage = new InMemoryLogStorage();

  /** A block whose content is its lowest and highest position. */
  private void append(final long lowest, final long highest) {
    append(lowest, highest, new RecordingListener());
  }

  private void append(final long lowest, final long highest, final AppendListener listener) {
    final var block = new UnsafeBuffer(new byte[16]);
    block.putLong(0, lowest);
    block.putLong(8, highest);
    storage.append(lowest, highest, new DirectBufferWriter().wrap(block), listener);
  }

  private static long lowestOf(final DirectBuffer block) {
    return block.getLong(0);
  }

  private static List<Long> readAll(final LogStorageReader reader) {
    final var lowest = new ArrayList<Long>();
    while (reader.hasNext()) {
      lowest.add(lowestOf(reader.next()));
    }
    return lowest;
  }

  @Test
  void readsBlocksInOrder() {
    append(1, 2);
    append(3, 3);
    append(4, 6);

    final var reader = storage.newReader();

    assertThat(readAll(reader)).containsExactly(1L, 3L, 4L);
    assertThatThrownBy(reader::next).isInstanceOf(NoSuchElementException.class);
  }

  @Test
  void seeksToTheBlockHoldingThePosition() {
    append(1, 2);
    append(3, 3);
    append(4, 6);
    final var reader = storage.newReader();

    reader.seek(2);
    assertThat(lowestOf(reader.next())).isEqualTo(1);
    reader.seek(3);
    assertThat(lowestOf(reader.next())).isEqualTo(3);
    reader.seek(5);
    assertThat(lowestOf(reader.next())).isEqualTo(4);
    reader.seek(-1);
    assertThat(lowestOf(reader.next())).isEqualTo(1);
    // beyond the end: the last block, per the LogStorageReader contract
    reader.seek(100);
    assertThat(readAll(reader)).containsExactly(4L);
  }

  @Test
  void readerSeesBlocksAppendedAfterItReachedTheEnd() {
    append(1, 1);
    final var reader = storage.newReader();
    assertThat(readAll(reader)).containsExactly(1L);

    append(2, 5);

    assertThat(readAll(reader)).containsExactly(2L);
  }

  @Test
  void reportsEveryAppendAsWrittenAndCommitted() {
    final var listener = new RecordingListener();
    final var commits = new AtomicInteger();
    storage.addCommitListener(commits::incrementAndGet);

    append(1, 2, listener);
    append(3, 7, listener);

    assertThat(listener.written).containsExactly("1:2", "2:7");
    assertThat(listener.committed).containsExactly("1:2", "2:7");
    assertThat(commits).hasValue(2);
    assertThat(storage.appendedBlockCount()).isEqualTo(2);
  }

  @Test
  void compactionDropsBlocksUpToThePositionButKeepsTheNewest() {
    append(1, 2);
    append(3, 3);
    append(4, 6);
    append(7, 9);
    final long bytesBefore = storage.retainedBytes();

    // block 4..6 is only partly passed: it stays
    assertThat(storage.compactUpTo(5)).isEqualTo(2);
    assertThat(storage.retainedBlockCount()).isEqualTo(2);
    assertThat(storage.retainedBytes()).isEqualTo(bytesBefore / 2);
    assertThat(readAll(storage.newReader())).containsExactly(4L, 7L);

    // everything passed: the newest block is still kept
    assertThat(storage.compactUpTo(Long.MAX_VALUE)).isEqualTo(1);
    assertThat(readAll(storage.newReader())).containsExactly(7L);
  }

  @Test
  void readersTolerateCompaction() {
    append(1, 2);
    append(3, 3);
    append(4, 6);
    append(7, 9);
    final var behind = storage.newReader();
    assertThat(lowestOf(behind.next())).isEqualTo(1);

    storage.compactUpTo(6);

    // a seek below the first kept block lands on the first kept block
    final var seeking = storage.newReader();
    seeking.seek(2);
    assertThat(lowestOf(seeking.next())).isEqualTo(7);
    // a reader whose next block was dropped continues with the next kept one
    assertThat(readAll(behind)).containsExactly(7L);
  }

  @Test
  void retentionCompactsOnlyWhatEveryReaderPassed() {
    final var retention = new LogRetention(storage);
    final var processor = retention.register("processor");
    final var journal = retention.register("journal");
    for (long position = 1; position <= 10; position++) {
      append(position, position);
    }

    processor.advanceTo(8);
    assertThat(storage.retainedBlockCount()).as("journal has read nothing").isEqualTo(10);
    assertThat(retention.safePosition()).isEqualTo(-1);

    journal.advanceTo(3);
    assertThat(retention.safePosition()).isEqualTo(3);
    assertThat(readAll(storage.newReader())).containsExactly(4L, 5L, 6L, 7L, 8L, 9L, 10L);

    retention.unregister(journal);
    assertThat(readAll(storage.newReader())).containsExactly(9L, 10L);
  }

  @Test
  void partitionLogKeepsWhatTheProcessorHasNotRead() {
    try (var log = PartitionLog.create(1, 0, new CompositeMeterRegistry())) {
      final List<Long> positions = writeRecords(log, 5);
      final var journal = log.retention().register("journal");

      journal.advanceTo(positions.get(4));
      assertThat(log.storage().retainedBlockCount()).isEqualTo(5);

      log.processorReadMark().advanceTo(positions.get(2));
      assertThat(log.storage().retainedBlockCount()).isEqualTo(2);
    }
  }

  @Test
  void logStreamReadersTolerateCompaction() {
    try (var log = PartitionLog.create(1, 0, new CompositeMeterRegistry())) {
      final List<Long> positions = writeRecords(log, 10);
      final LogStreamReader reader = log.logStream().newLogStreamReader();
      assertThat(reader.next().getPosition()).isEqualTo(positions.get(0));

      log.storage().compactUpTo(positions.get(4));

      assertThat(log.storage().retainedBlockCount()).isEqualTo(5);
      // the open reader continues behind the gap
      final var remaining = new ArrayList<Long>();
      while (reader.hasNext()) {
        remaining.add(reader.next().getPosition());
      }
      assertThat(remaining).containsExactlyElementsOf(positions.subList(5, 10));
      final LogStreamReader fresh = log.logStream().newLogStreamReader();
      fresh.seek(positions.get(1));
      assertThat(fresh.next().getPosition()).isEqualTo(positions.get(5));
    }
  }

  /** Writes records one by one (one block each) and returns their positions. */
  private static List<Long> writeRecords(final PartitionLog log, final int count) {
    final List<Long> positions = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      final var metadata =
          new RecordMetadata()
              .recordType(RecordType.COMMAND)
              .valueType(ValueType.JOB)
              .intent(JobIntent.COMPLETE);
      final var written =
          log.writer()
              .tryWrite(
                  WriteContext.internal(),
                  LogAppendEntry.of(metadata, new JobRecord().setType("t" + i)));
      positions.add(written.get());
    }
    return positions;
  }

  private static final class RecordingListener implements AppendListener {
    final List<String> written = new ArrayList<>();
    final List<String> committed = new ArrayList<>();

    @Override
    public void onWrite(final long index, final long highestPosition) {
      written.add(index + ":" + highestPosition);
    }

    @Override
    public void onCommit(final long index, final long highestPosition) {
      committed.add(index + ":" + highestPosition);
    }
  }
}
