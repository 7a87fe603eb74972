package io.gatefork.broker.dev;

import io.camunda.zeebe.logstreams.log.LogRecordAwaiter;
import io.camunda.zeebe.logstreams.log.LogStreamReader;
import io.camunda.zeebe.logstreams.log.LoggedEvent;
import io.camunda.zeebe.protocol.impl.encoding.MsgPackConverter;
import io.camunda.zeebe.protocol.impl.record.RecordMetadata;
import io.camunda.zeebe.scheduler.Actor;
import io.gatefork.broker.dev.log.LogRetention.ReadMark;
import io.gatefork.broker.dev.log.PartitionLog;
import java.util.HashMap;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Follows one partition's log and copies every record into the {@link RecordJournal}. Runs as an
 * actor (on the scheduler's I/O threads, away from the engines), woken whenever records are
 * committed; its read mark lets the log drop what the journal has copied.
 */
final class JournalTailer extends Actor implements LogRecordAwaiter {

  /** Records copied per actor job before yielding, so one busy partition cannot hog the thread. */
  private static final int BATCH_SIZE = 1_000;

  private final PartitionLog log;
  private final RecordJournal journal;
  private final JournalFile file;
  private final ReadMark readMark;
  private final RecordMetadata metadata = new RecordMetadata();
  private LogStreamReader reader;
  private volatile boolean stopped;

  /**
   * Registers the read mark at once, so the log keeps everything until the journal has read it.
   *
   * @param file where the records go as JSON lines too; null for none
   */
  JournalTailer(final PartitionLog log, final RecordJournal journal, final JournalFile file) {
    this.log = log;
    this.journal = journal;
    this.file = file;
    readMark = log.retention().register("record-journal");
  }

  @Override
  public String getName() {
    return "record-journal-" + log.partitionId();
  }

  @Override
  protected void onActorStarted() {
    reader = log.logStream().newLogStreamReader();
    log.logStream().registerRecordAvailableListener(this);
    copyAvailable();
  }

  /**
   * Copies what is left, then stops following the log. The broker closes the tailer before it
   * closes the log.
   */
  @Override
  protected void onActorClosing() {
    while (reader != null && reader.hasNext()) {
      copyAvailable();
    }
    stopped = true;
    log.logStream().removeRecordAvailableListener(this);
    log.retention().unregister(readMark);
  }

  @Override
  public void onRecordAvailable() {
    if (!stopped) {
      actor.run(this::copyAvailable);
    }
  }

  private void copyAvailable() {
    if (stopped) {
      return;
    }
    long lastPosition = -1;
    int copied = 0;
    while (copied < BATCH_SIZE && reader.hasNext()) {
      final LoggedEvent event = reader.next();
      final JournalRecord record = copy(event);
      journal.append(record);
      if (file != null) {
        file.append(record);
      }
      lastPosition = event.getPosition();
      copied++;
    }
    if (copied > 0) {
      readMark.advanceTo(lastPosition);
    }
    if (reader.hasNext()) {
      actor.submit(this::copyAvailable);
    }
  }

  /** Claims maps are copied without null values: {@link Map#copyOf} refuses them. */
  private Map<String, Object> authorizations() {
    final Map<String, Object> claims = metadata.getAuthorization().getClaims();
    if (claims == null || claims.isEmpty()) {
      return Map.of();
    }
    final var copy = new HashMap<String, Object>();
    claims.forEach(
        (name, claim) -> {
          if (claim != null) {
            copy.put(name, claim);
          }
        });
    return copy;
  }

  private JournalRecord copy(final LoggedEvent event) {
    metadata.reset();
    event.readMetadata(metadata);
    final var value =
        new UnsafeBuffer(event.getValueBuffer(), event.getValueOffset(), event.getValueLength());
    return new JournalRecord(
        log.partitionId(),
        event.getPosition(),
        event.getKey(),
        metadata.getRecordType(),
        metadata.getValueType(),
        metadata.getIntent(),
        metadata.getRejectionType(),
        metadata.getRejectionReason(),
        MsgPackConverter.convertToJson(value),
        authorizations());
  }
}
