package io.gatefork.gateway.grpc.error;

import static org.assertj.core.api.Assertions.assertThat;

import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.TenantAccess;
import io.grpc.Status;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TenantRefusalWordingTest {
  private static final Caller ANN =
      Caller.user("ann", null, null, null, List.of("tenant-a"), null, Map.of(), true);

  @Test
  void eachVerdictIsWordedForTheRpc() {
    assertThat(
            GrpcStatusMapper.toStatus(
                "PublishMessage", TenantAccess.refusal(ANN, null, "tenantId", "tenant-b")))
        .satisfies(s -> assertThat(s.getCode()).isEqualTo(Status.Code.PERMISSION_DENIED))
        .extracting(Status::getDescription)
        .isEqualTo(
            "Expected to handle gRPC request PublishMessage with tenant identifier 'tenant-b', but"
                + " tenant is not authorized to perform this request");
    assertThat(
            GrpcStatusMapper.toStatus(
                    "PublishMessage", TenantAccess.refusal(ANN, null, "tenantId", ""))
                .getDescription())
        .isEqualTo(
            "Expected to handle gRPC request PublishMessage with tenant identifier '', but no"
                + " tenant identifier was provided.");
    assertThat(
            GrpcStatusMapper.toStatus(
                    "ActivateJobs",
                    TenantAccess.firstRefusal(
                        Caller.ANONYMOUS, null, "tenantIds", List.of("a", "b")))
                .getDescription())
        .isEqualTo(
            "Expected to handle gRPC request ActivateJobs with tenant identifiers '[a, b]', but"
                + " multi-tenancy is disabled");
  }
}
