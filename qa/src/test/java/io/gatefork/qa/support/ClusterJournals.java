package io.gatefork.qa.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.msgpack.jackson.dataformat.MessagePackFactory;

/**
 * The record journals the broker containers write ({@link BrokerContainer#withJournalIn}): one JSON
 * line per record of every partition a node led, read from the host while they run. What the
 * brokers acknowledged is here, whatever the clients were told.
 */
public final class ClusterJournals {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper MSGPACK = new ObjectMapper(new MessagePackFactory());
  private static final Set<String> JOB_RELEASED =
      Set.of("YIELDED", "TIMED_OUT", "FAILED", "COMPLETED", "CANCELED", "ERROR_THROWN");

  /**
   * One record, with the node whose journal holds it and the incarnation of that node's partition
   * log: a node started again begins its log anew (told apart by its positions starting over) and
   * may reuse keys, so a key names a record only within one incarnation.
   */
  public record Entry(String node, int incarnation, JsonNode record) {
    /** "node/partition/incarnation": the log within which keys are unique. */
    public String log() {
      return node + "/" + partitionId() + "/" + incarnation;
    }

    public String valueType() {
      return record.path("valueType").asText();
    }

    public String intent() {
      return record.path("intent").asText();
    }

    public boolean isEvent(final String valueType, final String intent) {
      return "EVENT".equals(record.path("recordType").asText())
          && valueType.equals(valueType())
          && intent.equals(intent());
    }

    public JsonNode value() {
      return record.path("value");
    }

    public long key() {
      return record.path("key").asLong();
    }

    public int partitionId() {
      return record.path("partitionId").asInt();
    }
  }

  private final Path dir;
  // by file name, so entries() lists nodes in order
  private final Map<String, Journal> journals = new TreeMap<>();

  /**
   * A fresh directory the broker containers (another user) may write into; kept after the run, to
   * read when a test failed.
   */
  public ClusterJournals() {
    this(freshDirectory());
  }

  /** The journals in {@code dir}. */
  ClusterJournals(final Path dir) {
    this.dir = dir;
  }

  private static Path freshDirectory() {
    try {
      final Path dir = Files.createTempDirectory("qa-journals-");
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
      return dir;
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Path dir() {
    return dir;
  }

  /**
   * Every record written so far, node by node, each journal in log order. Each file is read on from
   * where the last call stopped: the journals grow to tens of megabytes while the tests poll them.
   */
  public synchronized List<Entry> entries() {
    try (Stream<Path> files = Files.list(dir)) {
      for (final Path file : files.toList()) {
        journals.computeIfAbsent(file.getFileName().toString(), Journal::new).readOn(file);
      }
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
    final List<Entry> entries = new ArrayList<>();
    journals.values().forEach(journal -> entries.addAll(journal.entries));
    return entries;
  }

  /** One node's journal file, as far as it has been read (whole lines only). */
  private static final class Journal {
    private final String node;
    private final List<Entry> entries = new ArrayList<>();
    private final Map<Integer, Long> lastPosition = new HashMap<>();
    private final Map<Integer, Integer> incarnation = new HashMap<>();
    private long offset;

    Journal(final String node) {
      this.node = node;
    }

    void readOn(final Path file) throws IOException {
      final byte[] added;
      try (var channel = FileChannel.open(file)) {
        final long size = channel.size();
        if (size <= offset) {
          return;
        }
        final var buffer = ByteBuffer.allocate(Math.toIntExact(size - offset));
        while (buffer.hasRemaining()) {
          if (channel.read(buffer, offset + buffer.position()) < 0) {
            break;
          }
        }
        added = buffer.array();
      }
      int lineStart = 0;
      for (int i = 0; i < added.length; i++) {
        if (added[i] == '\n') {
          add(new String(added, lineStart, i - lineStart, StandardCharsets.UTF_8));
          lineStart = i + 1;
        }
      }
      // a line still being written is read again, whole, next time
      offset += lineStart;
    }

    private void add(final String line) {
      if (line.isBlank()) {
        return;
      }
      final JsonNode record;
      try {
        record = JSON.readTree(line);
      } catch (final IOException torn) {
        // the half line of a process that stopped mid-write
        return;
      }
      final int partition = record.path("partitionId").asInt();
      final long position = record.path("position").asLong();
      final Long last = lastPosition.put(partition, position);
      if (last != null && position <= last) {
        incarnation.merge(partition, 1, Integer::sum);
      }
      entries.add(new Entry(node, incarnation.getOrDefault(partition, 0), record));
    }
  }

  /** The {@code rid} variable of every process instance a broker created. */
  public Set<String> createdRequestIds() {
    final Set<String> ids = new HashSet<>();
    for (final Entry entry : entries()) {
      ridOfCreated(entry).ifPresent(ids::add);
    }
    return ids;
  }

  /**
   * The jobs a broker completed, each named "rid/element id" by its instance's {@code rid} as
   * {@link Workload} names them: a job key alone may name two jobs of two incarnations.
   */
  public Set<String> completedJobs() {
    final Map<String, String> ridOfInstance = new HashMap<>();
    final Set<String> completed = new HashSet<>();
    for (final Entry entry : entries()) {
      ridOfCreated(entry).ifPresent(rid -> ridOfInstance.put(instanceIn(entry), rid));
      if (entry.isEvent("JOB", "COMPLETED")) {
        final String rid = ridOfInstance.get(instanceIn(entry));
        if (rid != null) {
          completed.add(rid + "/" + entry.value().path("elementId").asText());
        }
      }
    }
    return completed;
  }

  /** The {@code rid} of each process instance of which a broker completed {@code jobs} jobs. */
  public Set<String> ridsWithCompletedJobs(final int jobs) {
    final Map<String, Integer> completed = new HashMap<>();
    for (final String job : completedJobs()) {
      completed.merge(job.substring(0, job.lastIndexOf('/')), 1, Integer::sum);
    }
    completed.values().removeIf(count -> count < jobs);
    return completed.keySet();
  }

  /**
   * The {@code rid} of the instance an instance creation event created. The journal holds variables
   * as the log does: a MessagePack document, base64 in the JSON line.
   */
  private static Optional<String> ridOfCreated(final Entry entry) {
    if (!entry.isEvent("PROCESS_INSTANCE_CREATION", "CREATED")) {
      return Optional.empty();
    }
    try {
      final byte[] document = Base64.getDecoder().decode(entry.value().path("variables").asText());
      final JsonNode rid = MSGPACK.readTree(document).path("rid");
      return rid.isTextual() ? Optional.of(rid.asText()) : Optional.empty();
    } catch (final IOException | IllegalArgumentException e) {
      throw new IllegalStateException("unreadable variables in " + entry, e);
    }
  }

  private static String instanceIn(final Entry entry) {
    return entry.log() + "/" + entry.value().path("processInstanceKey").asLong();
  }

  /**
   * Jobs a broker activated while they were still activated (no yield, time-out, failure or
   * completion in between): "node/partition/incarnation/job key" of each, empty when no job was
   * activated twice.
   */
  public List<String> jobsActivatedTwice() {
    final Set<String> active = new HashSet<>();
    final List<String> twice = new ArrayList<>();
    for (final Entry entry : entries()) {
      final String prefix = entry.log() + "/";
      if (entry.isEvent("JOB_BATCH", "ACTIVATED")) {
        for (final JsonNode key : entry.value().path("jobKeys")) {
          if (!active.add(prefix + key.asLong())) {
            twice.add(prefix + key.asLong());
          }
        }
      } else if ("JOB".equals(entry.valueType())
          && "EVENT".equals(entry.record().path("recordType").asText())
          && JOB_RELEASED.contains(entry.intent())) {
        active.remove(prefix + entry.key());
      }
    }
    return twice;
  }
}
