package io.gatefork.broker.client;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.Test;

/**
 * The package structure of the broker client (issue #15): no package cycles, and a root package
 * that is the API only. The root may name the API's value packages ({@code request}, {@code
 * topology}, {@code jobs}); the implementation packages name the root, never the other way round.
 */
class PackageStructureTest {
  private static final String ROOT = "io.gatefork.broker.client";

  /** The module's own classes, without its tests. */
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(ROOT);

  /** One slice per package: the root and every package below it, each on its own. */
  private static final SliceAssignment EVERY_PACKAGE =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(final JavaClass javaClass) {
          final String packageName = javaClass.getPackageName();
          return packageName.equals(ROOT) || packageName.startsWith(ROOT + ".")
              ? SliceIdentifier.of(packageName)
              : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
          return "every package of " + ROOT;
        }
      };

  @Test
  void importsTheMainClassesOfEveryPackage() {
    // guards the rules below against passing on an empty or partial import
    assertThat(MAIN.contain(BrokerClient.class)).isTrue();
    assertThat(MAIN.contain("io.gatefork.broker.client.cluster.ClusterBrokerClient")).isTrue();
    assertThat(MAIN.contain("io.gatefork.broker.client.transport.CommandDispatcher")).isTrue();
    assertThat(MAIN.contain(getClass())).isFalse();
  }

  @Test
  void noPackageCycles() {
    slices().assignedFrom(EVERY_PACKAGE).should().beFreeOfCycles().check(MAIN);
  }

  @Test
  void theRootPackageIsTheApiAndNamesNoImplementationPackage() {
    noClasses()
        .that()
        .resideInAPackage(ROOT)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            ROOT + ".cluster..",
            ROOT + ".retry..",
            ROOT + ".routing..",
            ROOT + ".transport..",
            ROOT + ".security..",
            ROOT + ".metrics..")
        .because("the root is the API that the implementation packages build on (issue #15)")
        .check(MAIN);
  }

  @Test
  void theApiValuePackagesNameNeitherTheRootNorTheImplementation() {
    noClasses()
        .that()
        .resideInAnyPackage(ROOT + ".request..", ROOT + ".topology..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            ROOT,
            ROOT + ".cluster..",
            ROOT + ".retry..",
            ROOT + ".routing..",
            ROOT + ".transport..",
            ROOT + ".security..",
            ROOT + ".jobs..",
            ROOT + ".metrics..")
        .because("the root names them in its API, so they must not name it back")
        .check(MAIN);
  }
}
