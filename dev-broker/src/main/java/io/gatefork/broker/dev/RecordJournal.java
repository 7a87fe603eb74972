package io.gatefork.broker.dev;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Copies of the records written to the broker's partitions, for tests that assert what the broker
 * did (e.g. "the deployment was distributed", "the job was completed").
 *
 * <p>Enabled with {@link EmbeddedBrokerConfig#recordJournal()}; off by default, because it costs a
 * JSON conversion per record. It follows every partition's log and keeps the most recent {@value
 * #DEFAULT_CAPACITY} records (oldest evicted first), in the order they were read; records of one
 * partition are in log order. It never holds log blocks it has already read.
 *
 * <p>Thread-safe. Queries work on a snapshot taken when they are called.
 */
public final class RecordJournal {

  public static final int DEFAULT_CAPACITY = 200_000;

  private static final long POLL_INTERVAL_MILLIS = 10;

  private final JournalRecord[] ring;
  // sequence numbers: records ever appended, and the first one still retained after a clear()
  private long appended;
  private long clearedUpTo;

  RecordJournal(final int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive: " + capacity);
    }
    ring = new JournalRecord[capacity];
  }

  /** All retained records matching the predicate, oldest first. */
  public List<JournalRecord> find(final Predicate<? super JournalRecord> predicate) {
    return stream().filter(predicate).toList();
  }

  /** The retained records, oldest first (a snapshot). */
  public Stream<JournalRecord> stream() {
    return copySince(0).records().stream();
  }

  /**
   * Waits until a record matching the predicate is retained and returns the first such record, or
   * empty when none arrived within the timeout. Polls every few milliseconds; each poll looks only
   * at records added since the previous one.
   */
  public Optional<JournalRecord> awaitRecord(
      final Predicate<? super JournalRecord> predicate, final Duration timeout) {
    final long deadline = System.nanoTime() + timeout.toNanos();
    long next = 0;
    while (true) {
      final Slice slice = copySince(next);
      for (final JournalRecord record : slice.records()) {
        if (predicate.test(record)) {
          return Optional.of(record);
        }
      }
      next = slice.end();
      if (System.nanoTime() - deadline >= 0) {
        return Optional.empty();
      }
      try {
        Thread.sleep(POLL_INTERVAL_MILLIS);
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        return Optional.empty();
      }
    }
  }

  /** Number of retained records. */
  public synchronized int size() {
    return (int) (appended - firstRetained());
  }

  /** Forgets every record retained so far (records appended later are kept as usual). */
  public synchronized void clear() {
    clearedUpTo = appended;
    Arrays.fill(ring, null);
  }

  synchronized void append(final JournalRecord record) {
    ring[(int) (appended % ring.length)] = record;
    appended++;
  }

  private synchronized Slice copySince(final long sequence) {
    final long from = Math.max(sequence, firstRetained());
    final var records = new ArrayList<JournalRecord>((int) Math.max(0, appended - from));
    for (long i = from; i < appended; i++) {
      records.add(ring[(int) (i % ring.length)]);
    }
    return new Slice(records, appended);
  }

  private long firstRetained() {
    return Math.max(clearedUpTo, appended - ring.length);
  }

  /** Records from some sequence number up to (excluding) {@code end}. */
  private record Slice(List<JournalRecord> records, long end) {}
}
