package io.gatefork.service.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TagRulesTest {

  @Test
  void acceptsTagsOfTheSpecAndNoneAtAll() {
    assertThat(TagRules.check("tags", List.of("business_key:1234", "a", "Z-._:9"))).hasSize(3);
    assertThat(TagRules.check("tags", List.of("a" + "b".repeat(99)))).hasSize(1);
    assertThat(TagRules.check("tags", null)).isEmpty();
    assertThat(TagRules.check("tags", List.of())).isEmpty();
  }

  @Test
  void namesTheTagThatBreaksARule() {
    assertThatThrownBy(() -> TagRules.check("tags", List.of("a" + "b".repeat(100))))
        .hasMessage("tags[0]: must not be longer than 100 characters");
    assertThatThrownBy(() -> TagRules.check("tags", List.of("ok", "bad tag")))
        .hasMessage("tags[1]: must contain only the characters A-Z a-z 0-9 _ - : .");
    assertThatThrownBy(() -> TagRules.check("tags", List.of("_x")))
        .hasMessage("tags[0]: must start with a letter");
    assertThatThrownBy(() -> TagRules.check("tags", Arrays.asList("a", null)))
        .hasMessage("tags[1]: must not be empty");
  }

  @Test
  void refusesMoreThanTenOrDuplicateTags() {
    final var eleven = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k");
    assertThatThrownBy(() -> TagRules.check("tags", eleven))
        .hasMessage("tags: must not contain more than 10 tags");
    assertThatThrownBy(() -> TagRules.check("tags", List.of("a", "b", "a")))
        .hasMessage("tags: must not contain duplicates");
  }

  @Test
  void failsAsAnInvalidArgument() {
    assertThatThrownBy(() -> TagRules.check("tags", List.of("1")))
        .isInstanceOfSatisfying(
            ServiceException.class,
            e -> assertThat(e.status()).isEqualTo(ServiceStatus.INVALID_ARGUMENT));
  }
}
