package io.gatefork.gateway.rest.validation;

import io.gatefork.gateway.rest.security.RestTenantChecks;
import io.gatefork.service.error.ServiceException;
import java.util.HashSet;
import java.util.List;

/**
 * Checks of request fields that must hold before anything is sent to the broker. Each failure is an
 * INVALID_ARGUMENT naming the field ({@code "field: problem"}); the checks scan characters instead
 * of matching regular expressions.
 */
public final class RequestChecks {
  private static final String DEFAULT_TENANT = "<default>";
  private static final int MAX_TENANT_ID_LENGTH = 256;
  private static final int MAX_TAGS = 10;
  private static final int MAX_TAG_LENGTH = 100;
  private static final int MAX_IDENTIFIER_LENGTH = 256;

  private RequestChecks() {}

  public static ServiceException invalid(final String field, final String problem) {
    return ServiceException.invalidArgument(field, problem);
  }

  /** A required string that must not be blank. */
  public static String requireText(final String field, final String value) {
    if (value == null) {
      throw invalid(field, "is required");
    }
    if (value.isBlank()) {
      throw invalid(field, "must not be blank");
    }
    return value;
  }

  public static <T> T require(final String field, final T value) {
    if (value == null) {
      throw invalid(field, "is required");
    }
    return value;
  }

  public static long requirePositive(final String field, final Long value) {
    final long checked = require(field, value);
    if (checked <= 0) {
      throw invalid(field, "must be greater than 0");
    }
    return checked;
  }

  public static int requirePositive(final String field, final Integer value) {
    final int checked = require(field, value);
    if (checked <= 0) {
      throw invalid(field, "must be greater than 0");
    }
    return checked;
  }

  public static long notNegative(final String field, final Long value, final long absent) {
    if (value == null) {
      return absent;
    }
    if (value < 0) {
      throw invalid(field, "must not be negative");
    }
    return value;
  }

  /** An operation reference is optional but must be at least 1 when given. */
  public static Long operationReference(final String field, final Long value) {
    if (value != null && value < 1) {
      throw invalid(field, "must be at least 1");
    }
    return value;
  }

  /**
   * The tenant a request acts in: {@link #tenantIdFormat} and, with multi-tenancy checks on, one
   * the caller is authorized for ({@link RestTenantChecks}).
   */
  public static String tenantId(final String field, final String value) {
    tenantIdFormat(field, value);
    RestTenantChecks.check(value);
    return value;
  }

  /** Null (the default tenant), {@code <default>}, or 1..256 of {@code A-Za-z0-9_@.+-}. */
  public static String tenantIdFormat(final String field, final String value) {
    if (value == null || DEFAULT_TENANT.equals(value)) {
      return value;
    }
    final int length = value.length();
    if (length == 0 || length > MAX_TENANT_ID_LENGTH) {
      throw invalid(field, "must be 1 to " + MAX_TENANT_ID_LENGTH + " characters long");
    }
    for (int i = 0; i < length; i++) {
      final char c = value.charAt(i);
      if (!isAsciiLetterOrDigit(c) && c != '_' && c != '@' && c != '.' && c != '+' && c != '-') {
        throw invalid(
            field, "must be '<default>' or contain only the characters A-Z a-z 0-9 _ @ . + -");
      }
    }
    return value;
  }

  public static List<String> tenantIds(final String field, final List<String> values) {
    if (values == null) {
      return List.of();
    }
    for (int i = 0; i < values.size(); i++) {
      final String tenantId = values.get(i);
      if (tenantId == null) {
        throw invalid(field + "[" + i + "]", "must not be null");
      }
      tenantIdFormat(field + "[" + i + "]", tenantId);
    }
    RestTenantChecks.checkAll(values);
    return values;
  }

  /**
   * At most 10 unique tags, each starting with a letter followed by up to 99 of {@code
   * A-Za-z0-9_-:.}.
   */
  public static List<String> tags(final String field, final List<String> values) {
    if (values == null || values.isEmpty()) {
      return List.of();
    }
    if (values.size() > MAX_TAGS) {
      throw invalid(field, "must not contain more than " + MAX_TAGS + " tags");
    }
    for (int i = 0; i < values.size(); i++) {
      checkTag(field + "[" + i + "]", values.get(i));
    }
    if (values.size() > 1 && new HashSet<>(values).size() != values.size()) {
      throw invalid(field, "must not contain duplicates");
    }
    return values;
  }

  /**
   * The id of a user, group, role, mapping rule or client: 1 to 256 of {@code A-Za-z0-9 _ @ . + ~
   * -} (the union of what the stock gateway accepts for these ids).
   */
  public static String identifier(final String field, final String value) {
    requireText(field, value);
    if (value.length() > MAX_IDENTIFIER_LENGTH) {
      throw invalid(field, "must not be longer than " + MAX_IDENTIFIER_LENGTH + " characters");
    }
    for (int i = 0; i < value.length(); i++) {
      final char c = value.charAt(i);
      if (!isAsciiLetterOrDigit(c)
          && c != '_'
          && c != '@'
          && c != '.'
          && c != '+'
          && c != '~'
          && c != '-') {
        throw invalid(field, "must contain only the characters A-Z a-z 0-9 _ @ . + ~ -");
      }
    }
    return value;
  }

  /** An optional e-mail address: when given, something@something. */
  public static String email(final String field, final String value) {
    if (value == null || value.isEmpty()) {
      return value;
    }
    final int at = value.indexOf('@');
    if (at <= 0
        || at == value.length() - 1
        || value.indexOf('@', at + 1) >= 0
        || value.chars().anyMatch(Character::isWhitespace)) {
      throw invalid(field, "must be an e-mail address");
    }
    return value;
  }

  /** Names in a list of strings must not be null (e.g. fetchVariables). */
  public static List<String> names(final String field, final List<String> values) {
    if (values == null) {
      return List.of();
    }
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) == null) {
        throw invalid(field + "[" + i + "]", "must not be null");
      }
    }
    return values;
  }

  private static void checkTag(final String field, final String tag) {
    if (tag == null || tag.isEmpty()) {
      throw invalid(field, "must not be empty");
    }
    if (tag.length() > MAX_TAG_LENGTH) {
      throw invalid(field, "must not be longer than " + MAX_TAG_LENGTH + " characters");
    }
    if (!isAsciiLetter(tag.charAt(0))) {
      throw invalid(field, "must start with a letter");
    }
    for (int i = 1; i < tag.length(); i++) {
      final char c = tag.charAt(i);
      if (!isAsciiLetterOrDigit(c) && c != '_' && c != '-' && c != ':' && c != '.') {
        throw invalid(field, "must contain only the characters A-Z a-z 0-9 _ - : .");
      }
    }
  }

  private static boolean isAsciiLetter(final char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  private static boolean isAsciiLetterOrDigit(final char c) {
    return isAsciiLetter(c) || (c >= '0' && c <= '9');
  }
}
