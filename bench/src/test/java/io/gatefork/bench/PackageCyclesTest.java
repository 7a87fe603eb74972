package io.gatefork.bench;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** No package of this module depends, through others, on itself (issue #33). */
class PackageCyclesTest {
  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("io.gatefork.bench");

  @Test
  void noPackageCycles() {
    assertThat(MAIN.contain("io.gatefork.bench.LoadGenerator"))
        .as("the module's classes are imported")
        .isTrue();
    // every package its own slice, the module's root package included
    slices().matching("io.gatefork.(**)").should().beFreeOfCycles().check(MAIN);
  }
}
