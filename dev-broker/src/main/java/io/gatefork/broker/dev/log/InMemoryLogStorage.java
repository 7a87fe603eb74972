package io.gatefork.broker.dev.log;

import io.camunda.zeebe.logstreams.storage.LogStorage;
import io.camunda.zeebe.logstreams.storage.LogStorageReader;
import io.camunda.zeebe.util.buffer.BufferWriter;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicLong;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A {@link LogStorage} that keeps the log in heap memory and can forget its oldest part.
 *
 * <p>Every {@link #append append} is one block (a batch of log entries serialized by the log
 * stream's sequencer), indexed by the lowest record position it contains. An append is written and
 * committed at once: there is no replication and no durability.
 *
 * <p>{@link #compactUpTo(long)} drops blocks that every reader has passed, so memory stays flat
 * under sustained load. The newest block is always kept, so that a reader created later can still
 * find the end of the log. Readers tolerate compaction: a seek below the first kept block lands on
 * the first kept block, and a reader whose next block was dropped continues with the next kept one.
 *
 * <p>Thread-safety: appends come from the sequencer (which holds its lock), compaction and reads
 * from actor threads; the block index is a concurrent map, so no further locking is needed except
 * to serialize compactions.
 */
public final class InMemoryLogStorage implements LogStorage {

  private final ConcurrentSkipListMap<Long, Block> blocks = new ConcurrentSkipListMap<>();
  private final Set<CommitListener> commitListeners = new CopyOnWriteArraySet<>();
  private final AtomicLong appendedBlocks = new AtomicLong();
  private final AtomicLong retainedBytes = new AtomicLong();
  private final Object compactionLock = new Object();

  @Override
  public LogStorageReader newReader() {
    return new Reader();
  }

  @Override
  public void append(
      final long lowestPosition,
      final long highestPosition,
      final BufferWriter bufferWriter,
      final AppendListener listener) {
    final byte[] data = new byte[bufferWriter.getLength()];
    bufferWriter.write(new UnsafeBuffer(data), 0);
    blocks.put(lowestPosition, new Block(highestPosition, data));
    retainedBytes.addAndGet(data.length);
    final long index = appendedBlocks.incrementAndGet();
    // nothing to replicate: written and committed in one go
    listener.onWrite(index, highestPosition);
    listener.onCommit(index, highestPosition);
    commitListeners.forEach(CommitListener::onCommit);
  }

  @Override
  public void addCommitListener(final CommitListener listener) {
    commitListeners.add(listener);
  }

  @Override
  public void removeCommitListener(final CommitListener listener) {
    commitListeners.remove(listener);
  }

  /**
   * Drops every block whose highest position is at most {@code position}, except the newest block.
   *
   * @param position a position that every reader which matters has read (or skipped)
   * @return the number of blocks dropped
   */
  public int compactUpTo(final long position) {
    int dropped = 0;
    synchronized (compactionLock) {
      Map.Entry<Long, Block> first = blocks.firstEntry();
      while (first != null
          && first.getValue().highestPosition() <= position
          && !first.getKey().equals(blocks.lastKey())) {
        blocks.remove(first.getKey());
        retainedBytes.addAndGet(-first.getValue().data().length);
        dropped++;
        first = blocks.firstEntry();
      }
    }
    return dropped;
  }

  /** Number of blocks currently held in memory. O(n): meant for diagnostics and tests. */
  public int retainedBlockCount() {
    return blocks.size();
  }

  /** Bytes of block data currently held in memory. */
  public long retainedBytes() {
    return retainedBytes.get();
  }

  /** Number of blocks appended since creation, dropped or not. */
  public long appendedBlockCount() {
    return appendedBlocks.get();
  }

  private record Block(long highestPosition, byte[] data) {}

  /**
   * Iterates blocks in position order. It remembers the lowest position of the next block it may
   * return rather than a reference or an index, so dropping blocks never invalidates it.
   */
  private final class Reader implements LogStorageReader {
    private long nextLowestPosition = Long.MIN_VALUE;

    @Override
    public void seek(final long position) {
      // the block that may contain the position; below the first kept block: the first kept block
      final Long floor = blocks.floorKey(position);
      nextLowestPosition = floor == null ? Long.MIN_VALUE : floor;
    }

    @Override
    public boolean hasNext() {
      return blocks.ceilingKey(nextLowestPosition) != null;
    }

    @Override
    public DirectBuffer next() {
      final Map.Entry<Long, Block> next = blocks.ceilingEntry(nextLowestPosition);
      if (next == null) {
        throw new NoSuchElementException();
      }
      nextLowestPosition = next.getKey() + 1;
      return new UnsafeBuffer(next.getValue().data());
    }

    @Override
    public void close() {
      // holds no resources
    }
  }
}
