package io.gatefork.service.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.validation.FieldViolation;
import io.gatefork.service.validation.JobTypeRules;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Both front ends build the command, so a bad activation cannot be made, let alone sent. */
class ActivateJobsTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "null",
      textBlock =
          """
          type missing             | null    | 1000 | 5 | a    | type: is required
          type blank               | ' '     | 1000 | 5 | a    | type: must not be blank
          no job to activate       | payment | 1000 | 0 | a    | maxJobsToActivate: must be greater than 0
          negative lock timeout    | payment | -1   | 5 | a    | timeout: must be greater than 0
          blank variable name      | payment | 1000 | 5 | 'a, ' | fetchVariable[1]: must not be blank
          """)
  void aBadFieldIsRefusedWithItsName(
      final String name,
      final String type,
      final long timeout,
      final int maxJobs,
      final String fetchVariables,
      final String message) {
    final List<String> names = Arrays.asList(fetchVariables.split(",", -1));

    assertThatThrownBy(() -> new ActivateJobs(type, "w", timeout, maxJobs, names, List.of(), null))
        .isInstanceOf(FieldViolation.class)
        .hasMessage(message);
  }

  @Test
  void aTypeLongerThanTheLimitIsRefusedOneAtTheLimitIsNot() {
    final String atLimit = "t".repeat(JobTypeRules.MAX_LENGTH);

    assertThat(new ActivateJobs(atLimit, "w", 1000, 5, null, List.of(), null).type())
        .isEqualTo(atLimit);
    assertThatThrownBy(() -> new ActivateJobs(atLimit + "t", "w", 1000, 5, null, List.of(), null))
        .isInstanceOf(FieldViolation.class)
        .hasMessage("type: must not be longer than 32768 characters");
    assertThatThrownBy(
            () ->
                BrokerJobStreamServices.toProperties(
                    new StreamJobs(atLimit + "t", "w", 1000, List.of(), List.of()),
                    io.gatefork.service.auth.Caller.ANONYMOUS))
        .isInstanceOf(FieldViolation.class)
        .hasMessage("type: must not be longer than 32768 characters");
  }

  @Test
  void noVariableNamesFetchAll() {
    assertThat(new ActivateJobs("payment", "w", 1000, 5, null, List.of(), null).fetchVariables())
        .isEmpty();
  }
}
