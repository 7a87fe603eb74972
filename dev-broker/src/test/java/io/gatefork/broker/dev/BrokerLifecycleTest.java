package io.gatefork.broker.dev;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BrokerLifecycleTest {

  @Test
  void closeStopsEveryThreadAndRemovesTheTemporaryDirectory() throws Exception {
    final Set<Thread> before = Thread.getAllStackTraces().keySet();
    final var broker =
        EmbeddedBroker.start(EmbeddedBrokerConfig.builder().port(FreePorts.next()).build());
    final Path dataDirectory = broker.dataDirectory();
    assertThat(dataDirectory).isDirectory();
    assertThat(nonDaemonThreadsStartedSince(before)).as("the broker runs threads").isNotEmpty();

    broker.close();
    broker.close(); // idempotent

    assertThat(dataDirectory).doesNotExist();
    await("no non-daemon thread left")
        .atMost(Duration.ofSeconds(10))
        .pollInSameThread()
        .untilAsserted(() -> assertThat(nonDaemonThreadsStartedSince(before)).isEmpty());
  }

  @Test
  void keepsAGivenDataDirectoryAndStartsFreshInIt(@TempDir final Path directory) throws Exception {
    final Path stale = Files.createDirectories(directory.resolve("partition-1")).resolve("stale");
    Files.writeString(stale, "from a previous run");

    try (var broker =
        EmbeddedBroker.start(
            EmbeddedBrokerConfig.builder()
                .port(FreePorts.next())
                .partitionCount(1)
                .dataDirectory(directory)
                .build())) {
      assertThat(stale).doesNotExist();
      assertThat(directory.resolve("partition-1")).isDirectory();
    }

    assertThat(directory.resolve("partition-1")).isDirectory();
  }

  @Test
  void aFailedStartCleansUp() {
    final int port = FreePorts.next();
    try (var first = EmbeddedBroker.start(EmbeddedBrokerConfig.builder().port(port).build())) {
      final Set<Thread> before = Thread.getAllStackTraces().keySet();

      assertThatThrownBy(
              () ->
                  EmbeddedBroker.start(EmbeddedBrokerConfig.builder().port(port).nodeId(1).build()))
          .isInstanceOf(IllegalStateException.class)
          .hasStackTraceContaining("127.0.0.1:" + port);

      await("no thread of the failed broker left")
          .atMost(Duration.ofSeconds(10))
          .pollInSameThread()
          .untilAsserted(() -> assertThat(nonDaemonThreadsStartedSince(before)).isEmpty());
    }
  }

  private static Set<String> nonDaemonThreadsStartedSince(final Set<Thread> before) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> !before.contains(t) && t.isAlive() && !t.isDaemon())
        .map(Thread::getName)
        .collect(Collectors.toSet());
  }
}
