package io.gatefork.service.validation;

import io.camunda.zeebe.protocol.record.value.TenantOwned;
import io.gatefork.service.error.ServiceException;
import java.util.List;

/**
 * Checks the services make on the commands they are given, before anything is sent: each failure is
 * an INVALID_ARGUMENT that names the offending field and the value it had. The front ends check
 * requests earlier with the shared field rules ({@link FieldRules}, {@link TenantIdRules}, {@link
 * TagRules}, {@link IdentifierRules}); these are the services' own guard for what reaches them.
 */
public final class Inputs {
  private Inputs() {}

  public static String requireNotBlank(final String field, final String value) {
    if (value == null || value.isBlank()) {
      throw ServiceException.invalidArgument(field, "must not be empty");
    }
    return value;
  }

  /** Entity keys are positive; anything else cannot name an entity, nor a partition. */
  public static long requireKey(final String field, final long key) {
    if (key <= 0) {
      throw ServiceException.invalidArgument(field, "expected a positive key, but was " + key);
    }
    return key;
  }

  public static long requireNotNegative(final String field, final long value) {
    if (value < 0) {
      throw ServiceException.invalidArgument(field, "must not be negative, but was " + value);
    }
    return value;
  }

  public static long requirePositive(final String field, final long value) {
    if (value <= 0) {
      throw ServiceException.invalidArgument(field, "must be greater than 0, but was " + value);
    }
    return value;
  }

  /** Entries of an optional list must not be blank. */
  public static List<String> requireNoBlankEntries(final String field, final List<String> values) {
    if (values == null) {
      return List.of();
    }
    for (int i = 0; i < values.size(); i++) {
      final String value = values.get(i);
      if (value == null || value.isBlank()) {
        throw ServiceException.invalidArgument(field, "entry " + i + " must not be empty");
      }
    }
    return values;
  }

  /** Null or blank means the default tenant {@code <default>}. */
  public static String tenantOrDefault(final String tenantId) {
    return tenantId == null || tenantId.isBlank()
        ? TenantOwned.DEFAULT_TENANT_IDENTIFIER
        : tenantId;
  }
}
