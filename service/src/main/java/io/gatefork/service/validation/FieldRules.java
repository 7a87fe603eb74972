package io.gatefork.service.validation;

import io.gatefork.service.error.ServiceException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The field rules both APIs apply to client input before anything is sent: presence, numbers, lists
 * of names. Each failure is an INVALID_ARGUMENT worded {@code "field: problem"} (a {@link
 * ServiceException}, which carries no stack trace: bad input is an expected outcome). The rules for
 * tenant ids, tags and identifiers are in {@link TenantIdRules}, {@link TagRules} and {@link
 * IdentifierRules}.
 */
public final class FieldRules {

  private FieldRules() {}

  /** The INVALID_ARGUMENT for a field, for problems no rule here covers. */
  public static ServiceException invalid(final String field, final String problem) {
    return ServiceException.invalidArgument(field, problem);
  }

  public static <T> T require(final String field, final T value) {
    if (value == null) {
      throw invalid(field, "is required");
    }
    return value;
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

  /** An optional number that must not be negative; {@code absent} when not given. */
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
   * A text whose UTF-8 encoding fits in {@code maxBytes}, e.g. a password (bcrypt uses at most 72
   * bytes of it and refuses longer ones). Null passes: presence is another rule.
   */
  public static String maxUtf8Bytes(final String field, final String value, final int maxBytes) {
    // a char is at most 3 UTF-8 bytes: short strings need no encoding
    if (value != null
        && value.length() * 3 > maxBytes
        && value.getBytes(StandardCharsets.UTF_8).length > maxBytes) {
      throw invalid(field, "must not be longer than " + maxBytes + " bytes (UTF-8)");
    }
    return value;
  }

  /** Names in a list of strings must not be null (e.g. fetchVariables); null means none. */
  public static List<String> names(final String field, final List<String> values) {
    if (values == null) {
      return List.of();
    }
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) == null) {
        throw invalid(element(field, i), "must not be null");
      }
    }
    return values;
  }

  /** The field name of a list element, e.g. {@code tags[2]}. */
  static String element(final String field, final int index) {
    return field + "[" + index + "]";
  }

  static boolean isAsciiLetter(final char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  static boolean isAsciiLetterOrDigit(final char c) {
    return isAsciiLetter(c) || (c >= '0' && c <= '9');
  }
}
