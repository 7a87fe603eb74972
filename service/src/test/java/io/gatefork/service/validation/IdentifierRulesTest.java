package io.gatefork.service.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdentifierRulesTest {

  @ParameterizedTest
  @ValueSource(strings = {"demo", "a.b+c~d-e_f@g", "X1"})
  void acceptsIdentifiersOfTheStockCharacterSet(final String id) {
    assertThat(IdentifierRules.identifier("username", id)).isEqualTo(id);
  }

  @Test
  void rejectsBlankLongOrForeignIdentifiers() {
    assertThatThrownBy(() -> IdentifierRules.identifier("username", " "))
        .hasMessage("username: must not be blank");
    assertThatThrownBy(() -> IdentifierRules.identifier("username", "a".repeat(257)))
        .hasMessage("username: must not be longer than 256 characters");
    assertThatThrownBy(() -> IdentifierRules.identifier("username", "a b"))
        .hasMessage("username: must contain only the characters A-Z a-z 0-9 _ @ . + ~ -");
  }

  @ParameterizedTest
  @ValueSource(strings = {"@x", "x@", "a@b@c", "a b@c"})
  void rejectsWhatIsNoEmailAddress(final String email) {
    assertThatThrownBy(() -> IdentifierRules.email("email", email))
        .hasMessage("email: must be an e-mail address");
  }

  @Test
  void anEmailAddressIsOptional() {
    assertThat(IdentifierRules.email("email", null)).isNull();
    assertThat(IdentifierRules.email("email", "")).isEmpty();
    assertThat(IdentifierRules.email("email", "a@b")).isEqualTo("a@b");
  }
}
