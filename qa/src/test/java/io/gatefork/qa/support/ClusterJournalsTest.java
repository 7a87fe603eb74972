package io.gatefork.qa.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgpack.jackson.dataformat.MessagePackFactory;

/**
 * How the journals are read when a node was restarted empty and handed out the same keys again:
 * jobs are told apart by their instance's {@code rid}, activations by incarnation. No Docker: the
 * journal lines are written here as the brokers write them.
 */
class ClusterJournalsTest {
  private static final ObjectMapper MSGPACK = new ObjectMapper(new MessagePackFactory());
  private static final long JOB = 4_503_599_627_373_634L;
  private static final long INSTANCE = 4_503_599_627_373_600L;

  @TempDir Path dir;
  private ClusterJournals journals;
  private final List<String> lines = new ArrayList<>();
  private long position;

  @BeforeEach
  void inTemporaryDirectory() {
    journals = new ClusterJournals(dir);
  }

  @Test
  void aJobKeyReusedAfterARestartNamesTwoJobs() throws IOException {
    // first run: rid-1's job is activated, the node stops before its completion
    created(INSTANCE, "rid-1");
    activated(JOB);
    // started again empty: positions start over, the same keys go to rid-2
    position = 0;
    created(INSTANCE, "rid-2");
    activated(JOB);
    job(JOB, "COMPLETED");
    write("broker-1.jsonl");

    assertThat(journals.completedJobs()).containsExactly("rid-2/task");
    assertThat(journals.ridsWithCompletedJobs(1)).containsExactly("rid-2");
    assertThat(journals.jobsActivatedTwice()).as("one activation per incarnation").isEmpty();
    assertThat(journals.entries()).extracting(ClusterJournals.Entry::incarnation).contains(0, 1);
  }

  @Test
  void aJobActivatedAgainWithoutARelease() throws IOException {
    created(INSTANCE, "rid-1");
    activated(JOB);
    activated(JOB);
    write("broker-1.jsonl");

    assertThat(journals.jobsActivatedTwice()).containsExactly("broker-1.jsonl/2/0/" + JOB);
  }

  @Test
  void aTornLastLineIsSkipped() throws IOException {
    created(INSTANCE, "rid-1");
    job(JOB, "COMPLETED");
    lines.add("{\"partitionId\":2,\"posi");
    write("broker-1.jsonl");

    assertThat(journals.completedJobs()).containsExactly("rid-1/task");
  }

  @Test
  void aLineStillBeingWrittenIsReadWholeOnTheNextCall() throws IOException {
    created(INSTANCE, "rid-1");
    job(JOB, "COMPLETED");
    final String completed = lines.removeLast();
    write("broker-1.jsonl");
    final Path file = dir.resolve("broker-1.jsonl");
    final int half = completed.length() / 2;
    Files.writeString(file, completed.substring(0, half), StandardOpenOption.APPEND);
    assertThat(journals.completedJobs()).isEmpty();

    Files.writeString(file, completed.substring(half) + "\n", StandardOpenOption.APPEND);
    assertThat(journals.completedJobs()).containsExactly("rid-1/task");
    assertThat(journals.entries()).hasSize(2);
  }

  @Test
  void theRequestIdIsReadFromTheVariablesDocument() throws IOException {
    // the value as a broker's journal holds it: variables {"rid":"grpc-52"} in MessagePack, base64
    lines.add(
        "{\"partitionId\":1,\"position\":1020,\"key\":2251799813685476,\"recordType\":\"EVENT\","
            + "\"valueType\":\"PROCESS_INSTANCE_CREATION\",\"intent\":\"CREATED\","
            + "\"rejectionType\":\"NULL_VAL\",\"value\":{\"bpmnProcessId\":\"scale\","
            + "\"processInstanceKey\":2251799813685474,\"variables\":\"gaNyaWSnZ3JwYy01Mg==\"}}");
    // an instance created without variables
    event(INSTANCE, "PROCESS_INSTANCE_CREATION", "CREATED", "{\"variables\":\"gA==\"}");
    write("broker-0.jsonl");

    assertThat(journals.createdRequestIds()).containsExactly("grpc-52");
  }

  private void created(final long instance, final String rid) throws IOException {
    final String variables =
        Base64.getEncoder().encodeToString(MSGPACK.writeValueAsBytes(Map.of("rid", rid)));
    event(
        instance,
        "PROCESS_INSTANCE_CREATION",
        "CREATED",
        "{\"processInstanceKey\":" + instance + ",\"variables\":\"" + variables + "\"}");
  }

  private void activated(final long job) {
    event(job + 1000, "JOB_BATCH", "ACTIVATED", "{\"jobKeys\":[" + job + "]}");
  }

  private void job(final long job, final String intent) {
    event(job, "JOB", intent, "{\"processInstanceKey\":" + INSTANCE + ",\"elementId\":\"task\"}");
  }

  private void event(
      final long key, final String valueType, final String intent, final String value) {
    position++;
    lines.add(
        "{\"partitionId\":2,\"position\":%d,\"key\":%d,\"recordType\":\"EVENT\",\"valueType\":\"%s\",\"intent\":\"%s\",\"value\":%s}"
            .formatted(position, key, valueType, intent, value));
  }

  private void write(final String node) throws IOException {
    Files.write(journals.dir().resolve(node), lines);
  }
}
