package io.gatefork.broker.dev.log;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Decides how much of a partition's in-memory log can be forgotten.
 *
 * <p>Every reader that must see each record (the stream processor, the record journal) registers a
 * {@link ReadMark} and advances it as it goes. The log is compacted up to the lowest mark, so a
 * block is dropped as soon as the slowest of those readers has passed it, and no earlier. As long
 * as one registered reader has not read anything, nothing is dropped.
 */
public final class LogRetention {

  private final InMemoryLogStorage storage;
  private final List<ReadMark> marks = new CopyOnWriteArrayList<>();

  public LogRetention(final InMemoryLogStorage storage) {
    this.storage = storage;
  }

  /**
   * Registers a reader whose progress limits compaction. Register before the reader starts and
   * before anything is compacted that it still has to read.
   */
  public ReadMark register(final String readerName) {
    final var mark = new ReadMark(readerName);
    marks.add(mark);
    return mark;
  }

  /** Removes a reader (e.g. when it closes), so it no longer holds the log back. */
  public void unregister(final ReadMark mark) {
    marks.remove(mark);
    compact();
  }

  /** The position every registered reader has passed, or -1 if one has not read anything yet. */
  public long safePosition() {
    long safe = Long.MAX_VALUE;
    for (final ReadMark mark : marks) {
      safe = Math.min(safe, mark.position);
    }
    return safe == Long.MAX_VALUE ? -1 : safe;
  }

  private void compact() {
    final long safe = safePosition();
    if (safe > 0) {
      storage.compactUpTo(safe);
    }
  }

  /** The read progress of one reader. Advanced by that reader's thread only. */
  public final class ReadMark {
    private final String readerName;
    private volatile long position = -1;

    private ReadMark(final String readerName) {
      this.readerName = readerName;
    }

    /** Records that the reader is done with every record up to and including {@code position}. */
    public void advanceTo(final long position) {
      if (position > this.position) {
        this.position = position;
        compact();
      }
    }

    public long position() {
      return position;
    }

    @Override
    public String toString() {
      return readerName + "@" + position;
    }
  }
}
