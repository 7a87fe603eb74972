package io.gatefork.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/gateway's start-up cache switch (GATEFORK_AOT_CACHE): which JVM flags and classpath it hands
 * to the JVM. The script runs from a distribution laid out in a temporary folder, with a stand-in
 * {@code java} that prints its arguments, one a line (its stderr comes after them).
 */
class StartupCacheLauncherTest {
  private static final String NO_CACHE_LINE = "no start-up cache for this JVM";

  @TempDir Path temp;
  private Path home;

  @BeforeEach
  void layOutTheDistribution() throws IOException {
    home = temp.resolve("gatefork");
    Files.createDirectories(home.resolve("bin"));
    Files.createDirectories(home.resolve("lib"));
    Files.createDirectories(home.resolve("config"));
    Files.writeString(home.resolve("config/application.yaml"), "# overrides\n");
    final Path gateway = home.resolve("bin/gateway");
    Files.copy(Path.of("src/main/dist/bin/gateway"), gateway, StandardCopyOption.REPLACE_EXISTING);
    Files.setPosixFilePermissions(gateway, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  @Test
  void withoutACacheTheGatewayStartsWithoutAndSaysSoInOneLine() throws Exception {
    final List<String> out = run(jdk("jdk25", "25.0.3"), Map.of());

    assertThat(out).noneMatch(arg -> arg.startsWith("-XX:AOTCache"));
    assertThat(out).filteredOn(line -> line.contains(NO_CACHE_LINE)).hasSize(1);
    assertThat(classpath(out)).endsWith(":" + home.resolve("config"));
  }

  @Test
  void onJdk25TrainingRecordsAnAotCacheWithoutConfigOnTheClasspathAndTheNextStartUsesIt()
      throws Exception {
    final Path jdk = jdk("jdk25", "25.0.3");
    final Path cache = home.resolve("cache/gateway.aot");

    final List<String> training = run(jdk, Map.of("GATEFORK_AOT_CACHE", "train"));
    assertThat(training).contains("-XX:AOTCacheOutput=" + cache).doesNotContain("-Xshare:auto");
    assertThat(classpath(training)).isEqualTo(home.resolve("lib") + "/*");

    Files.writeString(cache, "recorded");
    final List<String> next = run(jdk, Map.of());
    assertThat(next).contains("-XX:AOTCache=" + cache).doesNotContain("-Xshare:auto");
    assertThat(next).noneMatch(line -> line.contains(NO_CACHE_LINE));
    assertThat(classpath(next)).startsWith(classpath(training)).endsWith("/config");
  }

  @Test
  void onJdk21TrainingRecordsAnAppCdsArchiveAndTheNextStartUsesIt() throws Exception {
    final Path jdk = jdk("jdk21", "21.0.13");
    final Path archive = home.resolve("cache/gateway.jsa");

    assertThat(run(jdk, Map.of("GATEFORK_AOT_CACHE", "train")))
        .contains("-XX:ArchiveClassesAtExit=" + archive, "-Xshare:auto");
    Files.writeString(archive, "recorded");
    assertThat(run(jdk, Map.of())).contains("-XX:SharedArchiveFile=" + archive, "-Xshare:auto");
  }

  @Test
  void aCacheMadeByAnotherJvmIsNotUsed() throws Exception {
    run(jdk("jdk25", "25.0.3"), Map.of("GATEFORK_AOT_CACHE", "train"));
    Files.writeString(home.resolve("cache/gateway.aot"), "recorded");

    final List<String> other = run(jdk("jdk25-other", "25.0.4"), Map.of());

    assertThat(other).noneMatch(arg -> arg.startsWith("-XX:AOTCache"));
    assertThat(other).filteredOn(line -> line.contains(NO_CACHE_LINE)).hasSize(1);
  }

  @Test
  void offStartsWithoutTheCacheAndWithoutALine() throws Exception {
    final Path jdk = jdk("jdk25", "25.0.3");
    run(jdk, Map.of("GATEFORK_AOT_CACHE", "train"));
    Files.writeString(home.resolve("cache/gateway.aot"), "recorded");

    final List<String> off = run(jdk, Map.of("GATEFORK_AOT_CACHE", "off"));

    assertThat(off).noneMatch(arg -> arg.startsWith("-XX:AOTCache"));
    assertThat(off).noneMatch(line -> line.contains(NO_CACHE_LINE));
  }

  /** A JDK folder whose bin/java prints its arguments; its release file names the version. */
  private Path jdk(final String name, final String version) throws IOException {
    final Path jdk = temp.resolve(name);
    Files.createDirectories(jdk.resolve("bin"));
    Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"" + version + "\"\n");
    final Path java = jdk.resolve("bin/java");
    Files.writeString(java, "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    return jdk;
  }

  private List<String> run(final Path jdk, final Map<String, String> env) throws Exception {
    final var builder =
        new ProcessBuilder(List.of(home.resolve("bin/gateway").toString()))
            .redirectErrorStream(true);
    builder.environment().remove("JAVA_OPTS");
    builder.environment().remove("GATEFORK_AOT_CACHE");
    builder.environment().put("JAVA_HOME", jdk.toString());
    builder.environment().putAll(env);
    final Process process = builder.start();
    final String output =
        new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as("bin/gateway: %s", output).isZero();
    return output.lines().toList();
  }

  private static String classpath(final List<String> arguments) {
    return arguments.get(arguments.indexOf("-cp") + 1);
  }
}
