package io.gatefork.service.batchoperation;

import io.camunda.search.filter.Operation;
import io.camunda.search.filter.Operator;
import io.camunda.search.filter.ProcessInstanceFilter;
import io.camunda.zeebe.protocol.record.value.TenantOwned;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.auth.TenantRefusal;
import java.util.ArrayList;
import java.util.List;

/**
 * The tenant rule ({@link TenantAccess}) for the filter of a batch operation, with multi-tenancy
 * checks on. A filter selects rather than names, so: every tenant it names by {@code $eq} or {@code
 * $in}, at the top or in an {@code $or} member, must be one of the caller's (else the stock 403 of
 * that tenant); and the filter is always narrowed to the caller's tenants ({@code tenantId $in
 * <caller's tenants>} added at the top, which holds for every {@code $or} member too), so a filter
 * naming no tenant, or selecting by {@code $neq}, {@code $notIn}, {@code $like} or {@code $exists},
 * acts in the caller's tenants only, as stock's authorized-tenant restriction of a search does. A
 * caller without tenants is refused as if it had named the default tenant. With checks off the
 * filter is sent as it is.
 */
final class BatchTenants {
  static final String FIELD = "filter.tenantId";

  private BatchTenants() {}

  /** The filter to send; throws the {@link TenantRefusal} of the first tenant refused. */
  static ProcessInstanceFilter restrict(
      final ProcessInstanceFilter filter,
      final Caller caller,
      final io.gatefork.service.operation.Operation operation) {
    if (!caller.tenantChecks()) {
      return filter;
    }
    if (caller.tenantIds().isEmpty()) {
      throw refusal(caller, operation, TenantOwned.DEFAULT_TENANT_IDENTIFIER);
    }
    checkNamed(filter, caller, operation);
    if (filter.orFilters() != null) {
      for (final ProcessInstanceFilter member : filter.orFilters()) {
        checkNamed(member, caller, operation);
      }
    }
    final List<Operation<String>> tenants =
        new ArrayList<>(
            filter.tenantIdOperations() == null ? List.of() : filter.tenantIdOperations());
    tenants.add(Operation.in(caller.tenantIds()));
    return filter.toBuilder().tenantIdOperations(tenants).build();
  }

  private static void checkNamed(
      final ProcessInstanceFilter filter,
      final Caller caller,
      final io.gatefork.service.operation.Operation operation) {
    if (filter == null || filter.tenantIdOperations() == null) {
      return;
    }
    for (final Operation<String> tenants : filter.tenantIdOperations()) {
      if (tenants == null
          || tenants.values() == null
          || (tenants.operator() != Operator.EQUALS && tenants.operator() != Operator.IN)) {
        continue; // narrowed by the caller's tenants instead
      }
      for (final String tenantId : tenants.values()) {
        if (tenantId != null && !caller.tenantIds().contains(tenantId)) {
          throw refusal(caller, operation, tenantId);
        }
      }
    }
  }

  private static TenantRefusal refusal(
      final Caller caller,
      final io.gatefork.service.operation.Operation operation,
      final String tenantId) {
    return TenantAccess.refusal(caller, operation, FIELD, tenantId);
  }
}
