package io.gatefork.gateway.rest.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.RequestContext;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** REST's texts stay as they were now that the rules live in the service layer. */
class RequestChecksTest {
  private static final RequestContext ANONYMOUS = RequestContext.create();

  @ParameterizedTest
  @ValueSource(strings = {"<default>", "tenant-a", "A_b.c+d@e-1"})
  void acceptsValidTenantIds(final String tenantId) {
    assertThat(RequestChecks.tenantId("tenantId", tenantId, ANONYMOUS)).isEqualTo(tenantId);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "a b", "<other>", "ümlaut", "a/b"})
  void rejectsInvalidTenantIds(final String tenantId) {
    assertThatThrownBy(() -> RequestChecks.tenantId("tenantId", tenantId, ANONYMOUS))
        .hasMessageStartingWith("tenantId: must be");
  }

  @Test
  void rejectsTenantIdsLongerThan256Characters() {
    assertThat(RequestChecks.tenantId("t", "a".repeat(256), ANONYMOUS)).hasSize(256);
    assertThatThrownBy(() -> RequestChecks.tenantId("t", "a".repeat(257), ANONYMOUS))
        .hasMessage("t: must be 1 to 256 characters long");
  }

  @Test
  void acceptsTagsOfTheSpec() {
    assertThat(RequestChecks.tags("tags", List.of("business_key:1234", "a", "Z-._:9"))).hasSize(3);
    assertThat(RequestChecks.tags("tags", List.of("a" + "b".repeat(99)))).hasSize(1);
    assertThat(RequestChecks.tags("tags", null)).isEmpty();
  }

  @Test
  void rejectsTagsAgainstTheSpec() {
    assertThatThrownBy(() -> RequestChecks.tags("tags", List.of("a" + "b".repeat(100))))
        .hasMessage("tags[0]: must not be longer than 100 characters");
    assertThatThrownBy(() -> RequestChecks.tags("tags", List.of("ok", "bad tag")))
        .hasMessage("tags[1]: must contain only the characters A-Z a-z 0-9 _ - : .");
    assertThatThrownBy(() -> RequestChecks.tags("tags", List.of("_x")))
        .hasMessage("tags[0]: must start with a letter");
    assertThatThrownBy(() -> RequestChecks.tags("tags", Arrays.asList("a", null)))
        .hasMessage("tags[1]: must not be empty");
  }

  @Test
  void namesTheElementOfAListThatIsNull() {
    assertThatThrownBy(() -> RequestChecks.names("fetchVariables", Arrays.asList("a", null)))
        .hasMessage("fetchVariables[1]: must not be null");
    assertThatThrownBy(
            () -> RequestChecks.tenantIds("tenantIds", Arrays.asList((String) null), ANONYMOUS))
        .hasMessage("tenantIds[0]: must not be null");
  }
}
