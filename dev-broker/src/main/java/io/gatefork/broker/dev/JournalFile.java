package io.gatefork.broker.dev;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Appends every journal record to a file as one JSON line, so that a test outside the broker's
 * process (e.g. on the host of a container, through a bind mount) can follow what the broker did:
 *
 * <pre>{"partitionId":1,"position":5,"key":2251799813685249,"recordType":"EVENT",
 * "valueType":"DEPLOYMENT","intent":"CREATED","rejectionType":"NULL_VAL","value":{...}}</pre>
 *
 * <p>The journal tailers write (on the scheduler's I/O threads, never the engines'); a thread of
 * its own flushes every {@value #FLUSH_INTERVAL_MILLIS} ms, and {@link #close} flushes the rest.
 * The file is created readable by everyone, as a container's user differs from the host's. A node
 * started again with the same file appends its new log to the old one (its positions start over),
 * so the file holds everything the node did across restarts.
 */
final class JournalFile implements AutoCloseable {

  static final long FLUSH_INTERVAL_MILLIS = 100;

  /** Pending lines are written out before the next flush once they are this long. */
  private static final int MAX_PENDING_CHARS = 1 << 20;

  private static final Logger LOG = LoggerFactory.getLogger(JournalFile.class);

  private final Path path;
  private final OutputStream out;
  // whole lines only: a reader never sees a line cut in two (bar the OS splitting a write)
  private final StringBuilder pending = new StringBuilder();
  private final ScheduledExecutorService flusher;
  // set on a write error or on close: nothing is written any more
  private boolean stopped;

  private static boolean endsInTornLine(final Path path) throws IOException {
    try (var file = Files.newByteChannel(path)) {
      if (file.size() == 0) {
        return false;
      }
      final var last = ByteBuffer.allocate(1);
      file.position(file.size() - 1).read(last);
      return last.get(0) != '\n';
    }
  }

  private JournalFile(final Path path, final OutputStream out, final int nodeId) {
    this.path = path;
    this.out = out;
    flusher =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("broker-" + nodeId + "-journal-file").daemon().factory());
    flusher.scheduleWithFixedDelay(
        this::flush, FLUSH_INTERVAL_MILLIS, FLUSH_INTERVAL_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Creates the file (and its directory) or appends to it, and starts the periodic flush. */
  static JournalFile open(final Path path, final int nodeId) {
    try {
      final Path parent = path.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      final var out =
          Files.newOutputStream(path, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      if (endsInTornLine(path)) {
        // an earlier process stopped mid-line: keep its half line apart from our first
        out.write('\n');
      }
      if (Files.getFileStore(path).supportsFileAttributeView("posix")) {
        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-r--r--"));
      }
      return new JournalFile(path, out, nodeId);
    } catch (final IOException e) {
      throw new UncheckedIOException("Cannot open the record journal file " + path, e);
    }
  }

  /** Appends the record as one line; visible in the file after the next flush. */
  synchronized void append(final JournalRecord record) {
    if (stopped) {
      return;
    }
    pending.append(jsonLine(record)).append('\n');
    if (pending.length() >= MAX_PENDING_CHARS) {
      flush();
    }
  }

  static String jsonLine(final JournalRecord record) {
    return "{\"partitionId\":%d,\"position\":%d,\"key\":%d,\"recordType\":\"%s\",\"valueType\":\"%s\",\"intent\":\"%s\",\"rejectionType\":\"%s\",\"value\":%s}"
        .formatted(
            record.partitionId(),
            record.position(),
            record.key(),
            record.recordType(),
            record.valueType(),
            record.intent(),
            record.rejectionType(),
            record.valueJson());
  }

  private synchronized void flush() {
    if (stopped || pending.isEmpty()) {
      return;
    }
    try {
      out.write(pending.toString().getBytes(StandardCharsets.UTF_8));
      out.flush();
      pending.setLength(0);
    } catch (final IOException e) {
      fail(e);
    }
  }

  private void fail(final IOException e) {
    stopped = true;
    LOG.warn("Stopped writing the record journal file {}", path, e);
  }

  /** Stops the periodic flush, writes what is buffered and closes the file. */
  @Override
  public synchronized void close() throws IOException {
    flusher.shutdownNow();
    flush();
    stopped = true;
    out.close();
  }
}
