package io.gatefork.qa;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.qa.support.Ports;
import io.gatefork.qa.support.QaSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #15: the gateway process never loads the embedded broker (its engine, RocksDB). Reads the
 * packaged distribution ({@code dist/target/gatefork}, which the reactor packages before this
 * module) and the classpath its launchers hand to the JVM: {@code bin/gateway} and {@code
 * bin/broker} are run with a stand-in {@code java} that prints its arguments, and the {@code -cp}
 * they pass is expanded as the JVM expands it ({@code dir/*}: the jars directly in {@code dir}). No
 * Docker needed; the image copies this folder as it is.
 */
class GatewayClasspathTest {
  /**
   * Jars only the embedded broker needs (artifact ids): the engine and what it runs on. None of
   * them may be on the gateway's classpath. (zeebe-snapshots is not among them: the gateway's own
   * Zeebe libraries bring it.)
   */
  static final List<String> BROKER_ONLY =
      List.of(
          "dev-broker",
          "zeebe-workflow-engine",
          "rocksdbjni",
          "zeebe-broker",
          "zeebe-logstreams",
          "zeebe-stream-platform",
          "zeebe-db",
          "zeebe-dmn",
          "zeebe-expression-language",
          "feel-engine",
          "dmn-engine");

  private static final Pattern READY = Pattern.compile("embedded broker \\d+ listening on .*");

  @TempDir Path temp;

  @Test
  void theGatewaysClasspathHasNoEngineAndNoRocksDb() {
    final List<Path> gateway = classpathOf("gateway");

    assertThat(names(gateway))
        .as("the gateway's classpath")
        .anyMatch(name -> name.startsWith("io.gatefork.gateway-app-"));
    assertThat(brokerOnly(gateway)).as("broker-only jars on the gateway's classpath").isEmpty();
  }

  /** The training load bin/train-cache runs is in lib/training/, not in a jar the gateway loads. */
  @Test
  void theGatewaysJarsHoldNoTrainingLoad() throws IOException {
    final String training = "io/gatefork/gateway/app/training/TrainingLoad.class";
    for (final Path jar : classpathOf("gateway")) {
      if (jar.toString().endsWith(".jar")) {
        try (var zip = new java.util.zip.ZipFile(jar.toFile())) {
          assertThat(zip.getEntry(training)).as("%s in %s", training, jar).isNull();
        }
      }
    }
    final List<Path> trainingJars = jarsIn(distribution().resolve("lib/training"));
    assertThat(trainingJars).hasSize(1);
    try (var zip = new java.util.zip.ZipFile(trainingJars.get(0).toFile())) {
      assertThat(zip.getEntry(training)).as("the training jar's TrainingLoad").isNotNull();
    }
  }

  @Test
  void theBrokersClasspathIsTheGatewaysPlusTheBrokerFolder() {
    final List<Path> gateway = classpathOf("gateway");
    final List<Path> broker = classpathOf("broker");

    assertThat(broker).as("the broker's classpath").containsAll(gateway);
    assertThat(names(brokerOnly(broker)))
        .as("broker-only jars on the broker's classpath")
        .anyMatch(name -> name.startsWith("io.gatefork.dev-broker-"))
        .anyMatch(name -> name.startsWith("io.camunda.zeebe-workflow-engine-"))
        .anyMatch(name -> name.startsWith("org.rocksdb.rocksdbjni-"));
  }

  @Test
  void theBrokerFolderHoldsOnlyWhatLibDoesNot() {
    final Path lib = distribution().resolve("lib");
    final Set<String> inLib = names(jarsIn(lib)).stream().collect(Collectors.toSet());
    final List<String> inBrokerFolder = names(jarsIn(lib.resolve("broker")));

    assertThat(inBrokerFolder).as("lib/broker/").isNotEmpty();
    assertThat(inBrokerFolder).as("jars in both lib/ and lib/broker/").noneMatch(inLib::contains);
  }

  /** The check itself: it names what it must find (so a green run means something). */
  @Test
  void theCheckFindsBrokerOnlyJarsByArtifactId() {
    final List<Path> classpath =
        Stream.of(
                "io.gatefork.gateway-app-0.1.0-SNAPSHOT.jar",
                "io.camunda.zeebe-workflow-engine-8.8.0.jar",
                "org.rocksdb.rocksdbjni-9.10.0.jar",
                "io.camunda.zeebe-db-8.8.0.jar",
                "io.camunda.zeebe-util-8.8.0.jar",
                "io.camunda.zeebe-dbx-8.8.0.jar",
                "io.gatefork.dev-broker-0.1.0-SNAPSHOT.jar")
            .map(Path::of)
            .toList();

    assertThat(names(brokerOnly(classpath)))
        .containsExactly(
            "io.camunda.zeebe-workflow-engine-8.8.0.jar",
            "org.rocksdb.rocksdbjni-9.10.0.jar",
            "io.camunda.zeebe-db-8.8.0.jar",
            "io.gatefork.dev-broker-0.1.0-SNAPSHOT.jar");
  }

  /** lib/ and lib/broker/ hold everything the broker needs: bin/broker starts one. */
  @Test
  void theBrokerStartsFromTheDistribution() throws Exception {
    final int port = Ports.freeLoopbackPort();
    final var builder =
        new ProcessBuilder(
                List.of(
                    distribution().resolve("bin/broker").toString(),
                    "--host",
                    "127.0.0.1",
                    "--port",
                    Integer.toString(port),
                    "--partitions",
                    "1",
                    "--cluster-name",
                    "qa-distribution"))
            .redirectErrorStream(true);
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().remove("JAVA_OPTS");
    final Process broker = builder.start();
    final List<String> output = new ArrayList<>();
    final var ready =
        CompletableFuture.supplyAsync(
            () -> {
              try (var reader =
                  new BufferedReader(
                      new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                  synchronized (output) {
                    output.add(line);
                  }
                  if (READY.matcher(line).find()) {
                    return true;
                  }
                }
                return false;
              } catch (final IOException e) {
                return false;
              }
            });
    try {
      final boolean started = ready.get(Duration.ofSeconds(120).toSeconds(), TimeUnit.SECONDS);
      synchronized (output) {
        assertThat(started)
            .as("bin/broker printed its ready line; output:%n%s", String.join("\n", output))
            .isTrue();
      }
    } finally {
      broker.destroy();
      if (!broker.waitFor(30, TimeUnit.SECONDS)) {
        broker.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  /** The jars among {@code classpath} whose artifact id is in {@link #BROKER_ONLY}. */
  static List<Path> brokerOnly(final List<Path> classpath) {
    // the distribution names jars groupId.artifactId-version[-classifier].jar
    final Pattern brokerOnly =
        Pattern.compile(
            "(?:^|\\.)(?:"
                + BROKER_ONLY.stream().map(Pattern::quote).collect(Collectors.joining("|"))
                + ")-\\d[^/]*\\.jar$");
    return classpath.stream()
        .filter(jar -> brokerOnly.matcher(jar.getFileName().toString()).find())
        .toList();
  }

  /**
   * The classpath {@code bin/<launcher>} starts the JVM with, expanded as the JVM does: an entry
   * {@code dir/*} stands for the jars directly in {@code dir}, not in its subfolders.
   */
  private List<Path> classpathOf(final String launcher) {
    final List<String> arguments = launch(launcher);
    final int flag = arguments.indexOf("-cp");
    assertThat(flag).as("bin/%s passes -cp: %s", launcher, arguments).isNotNegative();
    final List<Path> classpath = new ArrayList<>();
    for (final String entry : arguments.get(flag + 1).split(":")) {
      if (entry.endsWith("/*")) {
        classpath.addAll(jarsIn(Path.of(entry.substring(0, entry.length() - 2))));
      } else {
        classpath.add(Path.of(entry));
      }
    }
    return classpath;
  }

  /** Runs {@code bin/<launcher>} with a {@code java} that prints its arguments, one a line. */
  private List<String> launch(final String launcher) {
    try {
      final Path jdk = temp.resolve("jdk-" + launcher);
      Files.createDirectories(jdk.resolve("bin"));
      Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"21\"\n");
      final Path java = jdk.resolve("bin/java");
      Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
      Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
      final var builder =
          new ProcessBuilder(List.of(distribution().resolve("bin").resolve(launcher).toString()))
              .redirectErrorStream(true);
      builder.environment().put("JAVA_HOME", jdk.toString());
      builder.environment().remove("JAVA_OPTS");
      final Process process = builder.start();
      final String output =
          new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as("bin/%s: %s", launcher, output).isZero();
      return output.lines().toList();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static Path distribution() {
    final Path distribution = QaSettings.repoRoot().resolve("dist/target/gatefork");
    assertThat(distribution.resolve("lib"))
        .as(
            "the packaged distribution (the reactor builds dist "
                + "before qa: mvn -B verify, or mvn -B -pl qa -am verify)")
        .isDirectory();
    return distribution;
  }

  /** The jars directly in {@code dir}, sorted; none if it does not exist. */
  private static List<Path> jarsIn(final Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(Files::isRegularFile)
          .filter(file -> file.getFileName().toString().toLowerCase().endsWith(".jar"))
          .map(Path::toAbsolutePath)
          .map(Path::normalize)
          .sorted()
          .toList();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<String> names(final List<Path> jars) {
    return jars.stream().map(jar -> jar.getFileName().toString()).toList();
  }
}
