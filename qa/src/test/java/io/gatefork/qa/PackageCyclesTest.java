package io.gatefork.qa;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** No package of the QA suite (its code is all tests) depends, through others, on itself. */
class PackageCyclesTest {
  private static final JavaClasses QA = new ClassFileImporter().importPackages("io.gatefork.qa");

  @Test
  void noPackageCycles() {
    assertThat(QA.contain(getClass())).as("the suite's classes are imported").isTrue();
    slices().matching("io.gatefork.(**)").should().beFreeOfCycles().check(QA);
  }
}
