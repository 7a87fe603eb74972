package io.gatefork.service.job;

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
 * The job classes reference each other in one direction only (issue #23): activation's strategy
 * interface at the bottom, long polling over it, the stream mode's parts over those, the services
 * on top. A class and its nested classes count as one.
 */
class JobClassStructureTest {
  private static final String JOB = JobServices.class.getPackageName();

  private static final JavaClasses MAIN =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages(JOB);

  /** One slice per top-level class of the job package. */
  private static final SliceAssignment EVERY_CLASS =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(final JavaClass javaClass) {
          if (!javaClass.getPackageName().equals(JOB)) {
            return SliceIdentifier.ignore();
          }
          final String name = javaClass.getName();
          final int nested = name.indexOf('$');
          return SliceIdentifier.of(nested < 0 ? name : name.substring(0, nested));
        }

        @Override
        public String getDescription() {
          return "every top-level class of " + JOB;
        }
      };

  @Test
  void importsTheMainJobClasses() {
    // guards the rule below against passing on an empty or partial import
    assertThat(MAIN.contain(LongPollingJobs.class)).isTrue();
    assertThat(MAIN.contain(StreamedActivations.class)).isTrue();
    assertThat(MAIN.contain(getClass())).isFalse();
  }

  @Test
  void noReferenceCycleAmongTheJobClasses() {
    slices().assignedFrom(EVERY_CLASS).should().beFreeOfCycles().check(MAIN);
  }
}
