package io.gatefork.qa.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The record journals the broker containers write ({@link BrokerContainer#withJournalIn}): one JSON
 * line per record of every partition a node led, read from the host while they run. What the
 * brokers acknowledged is here, whatever the clients were told.
 */
public final class ClusterJournals {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> JOB_RELEASED =
      Set.of("YIELDED", "TIMED_OUT", "FAILED", "COMPLETED", "CANCELED", "ERROR_THROWN");

  /** One record, with the node whose journal holds it. */
  public record Entry(String node, JsonNode record) {
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

  /** A fresh directory the broker containers (another user) may write into. */
  public ClusterJournals() {
    try {
      dir = Files.createTempDirectory("qa-journals-");
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public Path dir() {
    return dir;
  }

  /** Every record written so far, node by node, each journal in log order. */
  public List<Entry> entries() {
    final List<Entry> entries = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (final Path file : files.sorted().toList()) {
        final String node = file.getFileName().toString();
        for (final String line : Files.readAllLines(file)) {
          if (line.isBlank()) {
            continue;
          }
          try {
            entries.add(new Entry(node, JSON.readTree(line)));
          } catch (final IOException torn) {
            // the last line may be half written while the broker runs
          }
        }
      }
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
    return entries;
  }

  /** The {@code rid} variable of every process instance a broker created. */
  public Set<String> createdRequestIds() {
    final Set<String> ids = new HashSet<>();
    for (final Entry entry : entries()) {
      if (entry.isEvent("PROCESS_INSTANCE_CREATION", "CREATED")) {
        final JsonNode rid = entry.value().path("variables").path("rid");
        if (!rid.isMissingNode()) {
          ids.add(rid.asText());
        }
      }
    }
    return ids;
  }

  /** Keys of the jobs a broker completed. */
  public Set<Long> completedJobs() {
    final Set<Long> keys = new HashSet<>();
    for (final Entry entry : entries()) {
      if (entry.isEvent("JOB", "COMPLETED")) {
        keys.add(entry.key());
      }
    }
    return keys;
  }

  /** Process instances of which a broker completed at least {@code jobs} jobs. */
  public Set<Long> instancesWithCompletedJobs(final int jobs) {
    final Map<Long, Integer> completed = new HashMap<>();
    for (final Entry entry : entries()) {
      if (entry.isEvent("JOB", "COMPLETED")) {
        completed.merge(entry.value().path("processInstanceKey").asLong(), 1, Integer::sum);
      }
    }
    completed.values().removeIf(count -> count < jobs);
    return completed.keySet();
  }

  /**
   * Jobs a broker activated while they were still activated (no yield, time-out, failure or
   * completion in between): "node/partition/incarnation/job key" of each, empty when no job was
   * activated twice. A node started again begins its log anew (an incarnation, told apart by its
   * positions starting over) and may reuse keys.
   */
  public List<String> jobsActivatedTwice() {
    final Map<String, Long> lastPosition = new HashMap<>();
    final Map<String, Integer> incarnation = new HashMap<>();
    final Set<String> active = new HashSet<>();
    final List<String> twice = new ArrayList<>();
    for (final Entry entry : entries()) {
      final String log = entry.node() + "/" + entry.partitionId();
      final long position = entry.record().path("position").asLong();
      final Long last = lastPosition.put(log, position);
      if (last != null && position <= last) {
        incarnation.merge(log, 1, Integer::sum);
      }
      final String prefix = log + "/" + incarnation.getOrDefault(log, 0) + "/";
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
