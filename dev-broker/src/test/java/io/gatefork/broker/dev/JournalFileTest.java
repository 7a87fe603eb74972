package io.gatefork.broker.dev;

import static io.gatefork.broker.dev.TestProcesses.deploy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The record journal file: every record as one JSON line, readable while the broker runs. */
class JournalFileTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path directory;

  @Test
  void recordsAppearAsJsonLinesWhileTheBrokerRuns() throws IOException {
    final Path file = directory.resolve("journal/broker-0.jsonl");
    final var config =
        BrokerSettings.parse(
            new String[] {"--port", String.valueOf(FreePorts.next())},
            Map.of("GATEFORK_BROKER_RECORD_JOURNAL_FILE", file.toString()));
    assertThat(config.recordJournal()).as("the file implies the journal").isTrue();

    try (var broker = EmbeddedBroker.start(config);
        var client = TestCommandClient.connect("zeebe-cluster", broker.clusterAddress())) {
      client.awaitLeaders(1);
      final long deploymentKey = deploy(client, TestProcesses.startToEnd("journaled"));

      final JsonNode created =
          await("the deployment's CREATED event is in the file")
              .atMost(Duration.ofSeconds(10))
              .until(
                  () ->
                      lines(file).stream()
                          .filter(line -> line.get("key").asLong() == deploymentKey)
                          .filter(line -> line.get("intent").asText().equals("CREATED"))
                          .findFirst(),
                  found -> found.isPresent())
              .orElseThrow();
      assertThat(created.get("partitionId").asInt()).isEqualTo(1);
      assertThat(created.get("position").asLong()).isPositive();
      assertThat(created.get("recordType").asText()).isEqualTo("EVENT");
      assertThat(created.get("valueType").asText()).isEqualTo("DEPLOYMENT");
      assertThat(created.get("rejectionType").asText()).isEqualTo("NULL_VAL");
      assertThat(created.get("value").isObject()).isTrue();
      assertThat(created.get("value").get("processesMetadata").get(0).get("bpmnProcessId").asText())
          .isEqualTo("journaled");
      assertThat(Files.getPosixFilePermissions(file)).contains(PosixFilePermission.OTHERS_READ);
    }
    assertThat(lines(file)).hasSizeGreaterThanOrEqualTo(2);
  }

  @Test
  void aNodeStartedAgainAppendsItsNewLogAfterTheOldOne() throws IOException {
    final Path file = directory.resolve("broker-0.jsonl");
    // what a process stopped mid-write leaves: a line without its end
    Files.writeString(file, "{\"partitionId\":1,\"position\":7}\n{\"partitionId\":1,\"posi");
    final var config =
        BrokerSettings.parse(
            new String[] {"--port", String.valueOf(FreePorts.next())},
            Map.of("GATEFORK_BROKER_RECORD_JOURNAL_FILE", file.toString()));

    try (var broker = EmbeddedBroker.start(config);
        var client = TestCommandClient.connect("zeebe-cluster", broker.clusterAddress())) {
      client.awaitLeaders(1);
      deploy(client, TestProcesses.startToEnd("appended"));
    }
    final List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(0)).as("the earlier run's records are kept").contains("\"position\":7");
    assertThat(lines.get(1)).as("its torn line stays apart").endsWith("\"posi");
    assertThat(lines.subList(2, lines.size()))
        .as("this run's records, each a whole line")
        .isNotEmpty()
        .allSatisfy(line -> assertThat(parse(line).get("position").asLong()).isPositive());
  }

  /** The complete lines so far, as a follower of the file reads them. */
  private static List<JsonNode> lines(final Path file) {
    try {
      final String content = Files.readString(file);
      return content
          .substring(0, content.lastIndexOf('\n') + 1)
          .lines()
          .map(JournalFileTest::parse)
          .toList();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode parse(final String line) {
    try {
      return JSON.readTree(line);
    } catch (final IOException e) {
      throw new UncheckedIOException(line, e);
    }
  }
}
