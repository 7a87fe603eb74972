package io.gatefork.service.job;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.validation.FieldViolation;
import org.junit.jupiter.api.Test;

/**
 * Both front ends build the command, so an error without its code cannot be made, let alone sent.
 */
class ThrowJobErrorTest {

  @Test
  void anErrorWithoutCodeCannotBeMade() {
    assertThatThrownBy(() -> new ThrowJobError(1, null, "msg", null))
        .isInstanceOf(FieldViolation.class)
        .hasMessage("errorCode: is required");
    assertThatThrownBy(() -> new ThrowJobError(1, " ", "msg", null))
        .isInstanceOf(FieldViolation.class)
        .hasMessage("errorCode: must not be blank");
  }
}
