package io.gatefork.service.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.validation.FieldViolation.Rule;
import java.util.Arrays;
import java.util.List;
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
  void absentAndEmptyValuesEachHaveTheirRule() {
    assertThat(violation(() -> FieldRules.requireNonEmpty("l", null)).rule())
        .isEqualTo(Rule.REQUIRED);
    final var empty = violation(() -> FieldRules.requireNonEmpty("l", List.of()));
    assertThat(empty.rule()).isEqualTo(Rule.EMPTY);
    assertThat(empty.getMessage()).isEqualTo("l: must not be empty");
    final var element = violation(() -> FieldRules.requireElement("l", 2, null));
    assertThat(element.rule()).isEqualTo(Rule.REQUIRED);
    assertThat(element.getMessage()).isEqualTo("l[2]: must not be null");
    final var neither = violation(() -> FieldRules.requireOneOf("a, b", false, false));
    assertThat(neither.rule()).isEqualTo(Rule.ONE_OF);
    assertThat(neither.getMessage()).isEqualTo("a, b: one of them is required");
    assertThat(violation(() -> FieldRules.requireOneOf("a, b", true, true)).getMessage())
        .isEqualTo("a, b: give only one of them");
    assertThat(FieldRules.requireNonEmpty("l", List.of(1))).containsExactly(1);
    FieldRules.requireOneOf("a, b", true, false);
  }

  @Test
  void rangesFormatsValuesAndTypesEachHaveTheirRule() {
    final var range = violation(() -> FieldRules.requireRange("p", 101, 0, 100));
    assertThat(range.rule()).isEqualTo(Rule.RANGE);
    assertThat(range.value()).isEqualTo(101);
    assertThat(range.getMessage()).isEqualTo("p: must be between 0 and 100, but was 101");
    assertThat(FieldRules.tooLong("t", 3, "characters").rule()).isEqualTo(Rule.LENGTH);
    assertThat(FieldRules.notNumeric("k", "").getMessage())
        .isEqualTo("k: must be a numeric string");
    assertThat(FieldRules.notDateTime("d", "x").rule()).isEqualTo(Rule.FORMAT);
    final var value = FieldRules.unknownValue("s", List.of("A", "B"), "C");
    assertThat(value.rule()).isEqualTo(Rule.VALUE);
    assertThat(value.getMessage()).isEqualTo("s: must be one of [A, B], but was 'C'");
    assertThat(FieldRules.notA("b", "a boolean").getMessage()).isEqualTo("b: must be a boolean");
    assertThat(FieldRules.notA("b", "a boolean").rule()).isEqualTo(Rule.TYPE);
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

  @Test
  void namesTheElementOfAListThatIsBlank() {
    assertThat(FieldRules.names("fetchVariables", List.of("a", "b"))).containsExactly("a", "b");
    assertThatThrownBy(() -> FieldRules.names("fetchVariables", List.of("a", " ")))
        .hasMessage("fetchVariables[1]: must not be blank");
  }

  @Test
  void keysArePositive() {
    assertThat(FieldRules.requireKey("jobKey", 1)).isEqualTo(1);
    assertThatThrownBy(() -> FieldRules.requireKey("jobKey", 0))
        .hasMessage("jobKey: expected a positive key, but was 0");
  }

  /** What gRPC needs to word a refusal its own way; REST answers the message as it is. */
  @Test
  void aViolationSaysTheFieldTheRuleAndTheValueAndCarriesNoStackTrace() {
    final var key = violation(() -> FieldRules.requireKey("jobKey", -3));
    assertThat(key.status()).isEqualTo(ServiceStatus.INVALID_ARGUMENT);
    assertThat(key.field()).isEqualTo("jobKey");
    assertThat(key.rule()).isEqualTo(Rule.KEY);
    assertThat(key.value()).isEqualTo(-3);
    assertThat(key.getStackTrace()).isEmpty();

    assertThat(violation(() -> FieldRules.requireText("name", null)).rule())
        .isEqualTo(Rule.REQUIRED);
    assertThat(violation(() -> FieldRules.requireText("name", " ")).rule()).isEqualTo(Rule.BLANK);
    assertThat(violation(() -> FieldRules.requirePositive("retries", 0L)).rule())
        .isEqualTo(Rule.POSITIVE);
    assertThat(violation(() -> FieldRules.notNegative("timeToLive", -1)).value()).isEqualTo(-1);
    assertThat(violation(() -> FieldRules.notNegative("timeToLive", -1)).rule())
        .isEqualTo(Rule.NOT_NEGATIVE);
    final var format = violation(() -> TagRules.check("tags", List.of("1a")));
    assertThat(format.rule()).isEqualTo(Rule.FORMAT);
    assertThat(format.getMessage()).isEqualTo("tags[0]: must start with a letter");
    final var other = violation(() -> TagRules.check("tags", List.of("a", "a")));
    assertThat(other.rule()).isEqualTo(Rule.OTHER);
  }

  private static FieldViolation violation(final Runnable rule) {
    try {
      rule.run();
    } catch (final FieldViolation violation) {
      return violation;
    }
    throw new AssertionError("the rule held");
  }
}
