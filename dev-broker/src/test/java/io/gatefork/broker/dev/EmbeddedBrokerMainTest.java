package io.gatefork.broker.dev;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The standalone broker in its own JVM: configured by env and flags, ready line, SIGTERM. */
class EmbeddedBrokerMainTest {

  @Test
  void runsStandaloneAndStopsOnSigterm(@TempDir final Path workDir) throws Exception {
    final int port = FreePorts.next();
    final List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    // the JDK 24+ warning silencers surefire gave this JVM, if any
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--enable-native-access") || a.startsWith("--sun-misc"))
        .forEach(command::add);
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            EmbeddedBrokerMain.class.getName(),
            "--node-id",
            "4",
            "--partitions",
            "2"));
    final var builder = new ProcessBuilder(command).directory(workDir.toFile());
    builder.environment().put("GATEFORK_BROKER_PORT", String.valueOf(port));
    builder.redirectError(workDir.resolve("stderr.txt").toFile());
    final Process process = builder.start();
    try {
      final var stdout =
          new BufferedReader(
              new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      final String ready =
          CompletableFuture.supplyAsync(
                  () -> {
                    try {
                      return stdout.readLine();
                    } catch (final Exception e) {
                      throw new IllegalStateException(e);
                    }
                  })
              .get(60, TimeUnit.SECONDS);
      assertThat(ready)
          .isEqualTo("embedded broker 4 listening on 127.0.0.1:" + port + ", partitions [1, 2]");

      try (var client = TestCommandClient.connect("zeebe-cluster", "127.0.0.1:" + port)) {
        client.awaitLeaders(1, 2);
        assertThat(client.brokerInfo(4).getPartitionsCount()).isEqualTo(2);
      }

      process.destroy(); // SIGTERM
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("stopped after SIGTERM").isTrue();
      assertThat(Files.readString(workDir.resolve("stderr.txt")))
          .contains("Embedded broker 4 stopped")
          .doesNotContain("ERROR");
    } finally {
      process.destroyForcibly();
    }
  }
}
