package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Camunda libraries are one patch but for five the build's repository does not serve at it (the
 * root pom's {@code camunda.unserved.version}). That mix is safe only if the newer libraries find,
 * in the older five, every class, method, constructor and field they use: a NoSuchMethodError would
 * otherwise wait for the first request that takes that path. This reads the bytecode of every
 * io.camunda jar on the test classpath (the gateway's, the embedded broker's engine and the client)
 * and resolves each such use.
 */
class CamundaLinkageTest {
  /** The artifacts held at the older patch (the root pom's enforcer lists the same). */
  static final Set<String> OLDER =
      Set.of(
          "zeebe-msgpack-core",
          "camunda-security-core",
          "camunda-search-client",
          "camunda-search-client-reader",
          "camunda-search-domain");

  private static final Pattern JAR = Pattern.compile("/io/camunda/([^/]+)/([^/]+)/[^/]+\\.jar");

  private static JavaClasses classes;
  private static Set<String> olderPackages;

  @BeforeAll
  static void importCamundaJars() {
    classes =
        new ClassFileImporter()
            .withImportOption(CamundaLinkageTest::isCamundaJar)
            .importClasspath();
    olderPackages = new TreeSet<>();
    for (final JavaClass c : classes) {
      if (OLDER.contains(artifact(c))) {
        olderPackages.add(c.getPackageName());
      }
    }
  }

  @Test
  void theNewerLibrariesFindEverythingTheyUseInTheOlderOnes() {
    final List<String> unresolved =
        classes.stream()
            .filter(c -> !OLDER.contains(artifact(c)))
            .flatMap(c -> c.getAccessesFromSelf().stream())
            .filter(access -> OLDER.contains(artifact(access.getTargetOwner())))
            .filter(access -> access.getTarget().resolveMember().isEmpty())
            .map(CamundaLinkageTest::describe)
            .distinct()
            .toList();
    final List<String> missingClasses =
        classes.stream()
            .filter(c -> !OLDER.contains(artifact(c)))
            .flatMap(c -> c.getDirectDependenciesFromSelf().stream())
            .filter(d -> olderPackages.contains(d.getTargetClass().getPackageName()))
            .filter(d -> d.getTargetClass().getSource().isEmpty())
            .map(d -> d.getDescription())
            .distinct()
            .toList();

    assertThat(unresolved).as("uses of the older libraries' members that do not resolve").isEmpty();
    assertThat(missingClasses).as("classes of the older libraries' packages not found").isEmpty();
  }

  /**
   * The check itself: the older libraries are on the classpath and are used, at the older patch.
   */
  @Test
  void theOlderLibrariesAreThereAndUsed() {
    final Set<String> older = new TreeSet<>();
    final Set<String> versions = new TreeSet<>();
    for (final JavaClass c : classes) {
      if (OLDER.contains(artifact(c))) {
        older.add(artifact(c));
        versions.add(version(c));
      }
    }
    final long uses =
        classes.stream()
            .filter(c -> !OLDER.contains(artifact(c)))
            .flatMap(c -> c.getAccessesFromSelf().stream())
            .filter(access -> OLDER.contains(artifact(access.getTargetOwner())))
            .count();

    assertThat(older).containsExactlyInAnyOrderElementsOf(OLDER);
    assertThat(versions).as("one older patch").hasSize(1);
    if (System.getProperty("camunda.unserved.version") != null) { // under Maven: the build's
      assertThat(versions).containsExactly(System.getProperty("camunda.unserved.version"));
    }
    assertThat(uses).as("uses of the older libraries from the newer ones").isGreaterThan(100);
  }

  private static boolean isCamundaJar(final Location location) {
    return JAR.matcher(location.asURI().toString()).find();
  }

  private static String artifact(final JavaClass c) {
    final Matcher m = jar(c);
    return m == null ? "" : m.group(1);
  }

  private static String version(final JavaClass c) {
    final Matcher m = jar(c);
    return m == null ? "" : m.group(2);
  }

  private static Matcher jar(final JavaClass c) {
    return c.getSource()
        .map(source -> JAR.matcher(source.getUri().toString()))
        .filter(Matcher::find)
        .orElse(null);
  }

  private static String describe(final JavaAccess<?> access) {
    return access.getOrigin().getFullName() + " -> " + access.getTarget().getFullName();
  }
}
