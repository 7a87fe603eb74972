package io.gatefork.gateway.rest.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The scan agrees with StrictHttpFirewall's own header patterns. */
class HeaderCharactersTest {
  private static final Pattern NAMES = Pattern.compile("[\\p{IsAssigned}&&[^\\p{IsControl}]]*");
  private static final Pattern VALUES =
      Pattern.compile("[\\p{IsAssigned}&&[[^\\p{IsControl}]||\\t]]*");
  private static final List<String> SAMPLES =
      List.of(
          "",
          "Content-Type",
          "application/json; charset=UTF-8",
          "a\tb",
          "a\nb",
          "a\rb",
          "a\u0000",
          "caf\u00e9",
          "\u007f",
          "\u0085",
          "\u0378",
          "emoji \uD83D\uDE00",
          "broken \uD800",
          "x y");

  @Test
  void namesAndValuesAreAllowedExactlyWhenTheFirewallPatternsAllowThem() {
    for (final String sample : SAMPLES) {
      assertThat(HeaderCharacters.NAME.test(sample))
          .as("name %s", sample)
          .isEqualTo(NAMES.matcher(sample).matches());
      assertThat(HeaderCharacters.VALUE.test(sample))
          .as("value %s", sample)
          .isEqualTo(VALUES.matcher(sample).matches());
    }
  }
}
