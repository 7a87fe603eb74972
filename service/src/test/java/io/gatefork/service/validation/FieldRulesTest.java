package io.gatefork.service.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class FieldRulesTest {

  @Test
  void requiredFieldsMustBeGivenAndTextNotBlank() {
    assertThat(FieldRules.require("f", 1)).isEqualTo(1);
    assertThatThrownBy(() -> FieldRules.require("f", null)).hasMessage("f: is required");
    assertThat(FieldRules.requireText("f", "x")).isEqualTo("x");
    assertThatThrownBy(() -> FieldRules.requireText("f", null)).hasMessage("f: is required");
    assertThatThrownBy(() -> FieldRules.requireText("f", " ")).hasMessage("f: must not be blank");
  }

  @Test
  void positiveNumbersMustBeGivenAndAboveZero() {
    assertThat(FieldRules.requirePositive("n", 1L)).isEqualTo(1L);
    assertThat(FieldRules.requirePositive("n", 2)).isEqualTo(2);
    assertThatThrownBy(() -> FieldRules.requirePositive("n", 0L))
        .hasMessage("n: must be greater than 0");
    assertThatThrownBy(() -> FieldRules.requirePositive("n", -1))
        .hasMessage("n: must be greater than 0");
    assertThatThrownBy(() -> FieldRules.requirePositive("n", (Long) null))
        .hasMessage("n: is required");
  }

  @Test
  void optionalNumbersMustNotBeNegative() {
    assertThat(FieldRules.notNegative("n", null, 7)).isEqualTo(7);
    assertThat(FieldRules.notNegative("n", 0L, 7)).isZero();
    assertThatThrownBy(() -> FieldRules.notNegative("n", -1L, 7))
        .hasMessage("n: must not be negative");
  }

  @Test
  void anOperationReferenceIsOptionalButAtLeastOne() {
    assertThat(FieldRules.operationReference("r", null)).isNull();
    assertThat(FieldRules.operationReference("r", 1L)).isEqualTo(1L);
    assertThatThrownBy(() -> FieldRules.operationReference("r", 0L))
        .hasMessage("r: must be at least 1");
  }

  @Test
  void namesTheElementOfAListThatIsNull() {
    assertThat(FieldRules.names("fetchVariables", null)).isEmpty();
    assertThatThrownBy(() -> FieldRules.names("fetchVariables", Arrays.asList("a", null)))
        .hasMessage("fetchVariables[1]: must not be null");
  }
}
