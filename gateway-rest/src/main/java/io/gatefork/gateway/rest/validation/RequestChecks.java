package io.gatefork.gateway.rest.validation;

import io.gatefork.gateway.rest.security.RestTenantChecks;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.IdentifierRules;
import io.gatefork.service.validation.TagRules;
import io.gatefork.service.validation.TenantIdRules;
import java.util.List;

/**
 * Checks of request fields that must hold before anything is sent to the broker. Each failure is an
 * INVALID_ARGUMENT naming the field ({@code "field: problem"}). The rules are the ones gRPC applies
 * too ({@code io.gatefork.service.validation}); what is REST's own is the tenant access check,
 * worded with the operation of the request's {@link RequestContext}.
 */
public final class RequestChecks {

  private RequestChecks() {}

  public static ServiceException invalid(final String field, final String problem) {
    return FieldRules.invalid(field, problem);
  }

  /** A required string that must not be blank. */
  public static String requireText(final String field, final String value) {
    return FieldRules.requireText(field, value);
  }

  public static <T> T require(final String field, final T value) {
    return FieldRules.require(field, value);
  }

  public static long requirePositive(final String field, final Long value) {
    return FieldRules.requirePositive(field, value);
  }

  public static int requirePositive(final String field, final Integer value) {
    return FieldRules.requirePositive(field, value);
  }

  public static long notNegative(final String field, final Long value, final long absent) {
    return FieldRules.notNegative(field, value, absent);
  }

  /** An operation reference is optional but must be at least 1 when given. */
  public static Long operationReference(final String field, final Long value) {
    return FieldRules.operationReference(field, value);
  }

  /**
   * The tenant a request acts in: {@link #tenantIdFormat} and, with multi-tenancy checks on, one
   * the request's caller is authorized for ({@link RestTenantChecks}).
   */
  public static String tenantId(
      final String field, final String value, final RequestContext context) {
    TenantIdRules.format(field, value);
    RestTenantChecks.check(context, value);
    return value;
  }

  /** Null (the default tenant), {@code <default>}, or 1..256 of {@code A-Za-z0-9_@.+-}. */
  public static String tenantIdFormat(final String field, final String value) {
    return TenantIdRules.format(field, value);
  }

  /** The tenants of a job activation: each well-formed and, with checks on, the caller's. */
  public static List<String> tenantIds(
      final String field, final List<String> values, final RequestContext context) {
    final List<String> checked = TenantIdRules.formats(field, values);
    RestTenantChecks.checkAll(context, checked);
    return checked;
  }

  /**
   * At most 10 unique tags, each starting with a letter followed by up to 99 of {@code
   * A-Za-z0-9_-:.}.
   */
  public static List<String> tags(final String field, final List<String> values) {
    return TagRules.check(field, values);
  }

  /** The id of a user, group, role, mapping rule or client ({@link IdentifierRules}). */
  public static String identifier(final String field, final String value) {
    return IdentifierRules.identifier(field, value);
  }

  /** An optional e-mail address: when given, something@something. */
  public static String email(final String field, final String value) {
    return IdentifierRules.email(field, value);
  }

  /** Names in a list of strings must not be null (e.g. fetchVariables). */
  public static List<String> names(final String field, final List<String> values) {
    return FieldRules.names(field, values);
  }
}
