package io.gatefork.gateway.rest.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LongKeysTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "0",
        "1",
        "-1",
        "2251799813685249",
        "9223372036854775807",
        "-9223372036854775808",
        "000123"
      })
  void parsesEveryLongKey(final String key) {
    assertThat(LongKeys.parse("key", key)).isEqualTo(Long.parseLong(key));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "-", "+1", "1.0", "1e3", " 1", "1 ", "abc", "0x10", "１２"})
  void rejectsWhatIsNotALongKey(final String key) {
    assertThatThrownBy(() -> LongKeys.parse("jobKey", key))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> {
              assertThat(e.status()).isEqualTo(ServiceStatus.INVALID_ARGUMENT);
              assertThat(e.getMessage()).isEqualTo("jobKey: must be a numeric string");
            });
  }

  @ParameterizedTest
  @ValueSource(strings = {"9223372036854775808", "-9223372036854775809", "99999999999999999999"})
  void rejectsKeysBeyondTheLongRange(final String key) {
    assertThatThrownBy(() -> LongKeys.parse("jobKey", key))
        .hasMessage("jobKey: must be a numeric string in the int64 range");
  }

  @org.junit.jupiter.api.Test
  void requiresAKeyButAllowsAnOptionalOneToBeAbsent() {
    assertThatThrownBy(() -> LongKeys.parse("jobKey", null)).hasMessage("jobKey: is required");
    assertThat(LongKeys.parseOptional("jobKey", null)).isNull();
    assertThat(LongKeys.parseOptional("jobKey", "5")).isEqualTo(5L);
  }
}
