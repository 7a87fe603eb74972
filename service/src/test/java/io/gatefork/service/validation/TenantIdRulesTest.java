package io.gatefork.service.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TenantIdRulesTest {

  @ParameterizedTest
  @ValueSource(strings = {"<default>", "tenant-a", "A_b.c+d@e-1"})
  void acceptsValidTenantIds(final String tenantId) {
    assertThat(TenantIdRules.format("tenantId", tenantId)).isEqualTo(tenantId);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "a b", "<other>", "ümlaut", "a/b"})
  void rejectsInvalidTenantIds(final String tenantId) {
    assertThatThrownBy(() -> TenantIdRules.format("tenantId", tenantId))
        .hasMessageStartingWith("tenantId: must be");
  }

  @Test
  void noTenantIdIsTheDefaultTenant() {
    assertThat(TenantIdRules.format("tenantId", null)).isNull();
    assertThat(TenantIdRules.formats("tenantIds", null)).isEmpty();
  }

  @Test
  void acceptsAtMost256Characters() {
    assertThat(TenantIdRules.format("t", "a".repeat(256))).hasSize(256);
    assertThatThrownBy(() -> TenantIdRules.format("t", "a".repeat(257)))
        .hasMessage("t: must be 1 to 256 characters long");
  }

  @Test
  void namesTheElementOfAListThatIsNullOrMalformed() {
    assertThat(TenantIdRules.formats("tenantIds", List.of("a", "b"))).containsExactly("a", "b");
    assertThatThrownBy(() -> TenantIdRules.formats("tenantIds", Arrays.asList("a", null)))
        .hasMessage("tenantIds[1]: must not be null");
    assertThatThrownBy(() -> TenantIdRules.formats("tenantIds", List.of("a b")))
        .hasMessageStartingWith("tenantIds[0]: must be '<default>' or contain only");
  }
}
