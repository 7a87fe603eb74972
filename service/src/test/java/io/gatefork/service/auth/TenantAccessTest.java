package io.gatefork.service.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.auth.TenantAccess.Verdict;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.operation.Operation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TenantAccessTest {
  private static final Caller ANN =
      Caller.user("ann", null, null, null, List.of("tenant-a"), null, Map.of(), true);

  @Test
  void aRefusalCarriesTheVerdictFieldAndTenantAndTheStockRestWording() {
    final TenantRefusal refusal =
        TenantAccess.refusal(ANN, Operation.BROADCAST_SIGNAL, "tenantId", "tenant-b");

    assertThat(refusal.verdict()).isEqualTo(Verdict.NOT_AUTHORIZED);
    assertThat(refusal.status()).isEqualTo(ServiceStatus.FORBIDDEN);
    assertThat(refusal.field()).isEqualTo("tenantId");
    assertThat(refusal.tenantId()).isEqualTo("tenant-b");
    assertThat(refusal.getMessage())
        .isEqualTo(
            "Expected to handle request Broadcast Signal with tenant identifier 'tenant-b', but"
                + " tenant is not authorized to perform this request");
    assertThat(TenantAccess.refusal(ANN, Operation.BROADCAST_SIGNAL, "tenantId", "tenant-a"))
        .isNull();
  }

  @Test
  void withChecksOffOnlyTheDefaultTenantOrNoneIsAllowed() {
    assertThat(TenantAccess.refusal(Caller.ANONYMOUS, null, "tenantId", null)).isNull();
    assertThat(TenantAccess.refusal(Caller.ANONYMOUS, null, "tenantId", "<default>")).isNull();
    assertThat(TenantAccess.refusal(Caller.ANONYMOUS, null, "tenantId", "t").verdict())
        .isEqualTo(Verdict.MULTI_TENANCY_DISABLED);
  }

  @Test
  void aListWithChecksOffRefusesEveryElementButTheDefaultTenantNamingTheList() {
    final List<String> named = List.of("<default>", "");
    final TenantRefusal refusal =
        TenantAccess.firstRefusal(Caller.ANONYMOUS, null, "tenantIds", named);

    assertThat(refusal.verdict()).isEqualTo(Verdict.MULTI_TENANCY_DISABLED);
    assertThat(refusal.tenantIds()).isSameAs(named);
    assertThat(TenantAccess.firstRefusal(Caller.ANONYMOUS, null, "tenantIds", List.of("<default>")))
        .isNull();
  }

  @Test
  void aListWithChecksOnRefusesTheFirstTenantNotTheCallers() {
    final TenantRefusal refusal =
        TenantAccess.firstRefusal(ANN, null, "tenantIds", List.of("tenant-a", "", "tenant-c"));

    assertThat(refusal.verdict()).isEqualTo(Verdict.MISSING);
    assertThat(refusal.status()).isEqualTo(ServiceStatus.INVALID_ARGUMENT);
    assertThat(TenantAccess.firstRefusal(ANN, null, "tenantIds", List.of())).isNull();
  }
}
