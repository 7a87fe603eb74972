package io.gatefork.gateway.grpc.error;

import io.gatefork.service.auth.TenantRefusal;
import io.grpc.Status;

/**
 * Words a refusal of the tenant rule ({@code io.gatefork.service.auth.TenantAccess}) as the stock
 * gateway words it over gRPC: {@code Expected to handle gRPC request <rpc> with tenant identifier
 * '<id>', but ...}; a job activation's list with multi-tenancy off is named as a whole.
 */
final class TenantRefusalWording {
  private static final String TENANT_IDS = "tenantIds";

  private TenantRefusalWording() {}

  static Status status(final String rpc, final TenantRefusal refusal) {
    final String tenantId = refusal.tenantId();
    return switch (refusal.verdict()) {
      case MULTI_TENANCY_DISABLED ->
          TENANT_IDS.equals(refusal.field())
              ? invalidArgument(
                  "Expected to handle gRPC request %s with tenant identifiers '%s', but"
                          .formatted(rpc, refusal.tenantIds())
                      + " multi-tenancy is disabled")
              : invalidArgument(
                  "Expected to handle gRPC request %s with tenant identifier '%s', but"
                          .formatted(rpc, tenantId)
                      + " multi-tenancy is disabled");
      case MISSING ->
          invalidArgument(
              "Expected to handle gRPC request %s with tenant identifier '%s', but no tenant"
                      .formatted(rpc, tenantId)
                  + " identifier was provided.");
      case NOT_AUTHORIZED ->
          Status.PERMISSION_DENIED.withDescription(
              "Expected to handle gRPC request %s with tenant identifier '%s', but tenant is not"
                      .formatted(rpc, tenantId)
                  + " authorized to perform this request");
      case ALLOWED -> Status.OK;
    };
  }

  private static Status invalidArgument(final String message) {
    return Status.INVALID_ARGUMENT.withDescription(message);
  }
}
