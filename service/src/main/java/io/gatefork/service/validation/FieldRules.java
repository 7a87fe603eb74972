package io.gatefork.service.validation;

import io.gatefork.service.validation.FieldViolation.Rule;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The one vocabulary for "this field is bad", for both APIs: presence, keys, numbers, lists of
 * names. Each failure is a {@link FieldViolation} (INVALID_ARGUMENT worded {@code "field:
 * problem"}, no stack trace: bad input is an expected outcome), thrown before anything is sent to
 * the broker. The rules for tenant ids, tags and identifiers are in {@link TenantIdRules}, {@link
 * TagRules} and {@link IdentifierRules}, in the same words.
 */
public final class FieldRules {
  private static final long NO_VALUE = 0;

  private FieldRules() {}

  /** The refusal of a field, for problems no rule here covers. */
  public static FieldViolation invalid(final String field, final String problem) {
    return new FieldViolation(field, Rule.OTHER, problem, NO_VALUE);
  }

  public static <T> T require(final String field, final T value) {
    if (value == null) {
      throw new FieldViolation(field, Rule.REQUIRED, "is required", NO_VALUE);
    }
    return value;
  }

  /** A required string that must not be blank. */
  public static String requireText(final String field, final String value) {
    require(field, value);
    if (value.isBlank()) {
      throw new FieldViolation(field, Rule.BLANK, "must not be blank", NO_VALUE);
    }
    return value;
  }

  /** Entity keys are positive; anything else cannot name an entity, nor a partition. */
  public static long requireKey(final String field, final long key) {
    if (key <= 0) {
      throw new FieldViolation(field, Rule.KEY, "expected a positive key, but was " + key, key);
    }
    return key;
  }

  public static long requirePositive(final String field, final long value) {
    if (value <= 0) {
      throw new FieldViolation(field, Rule.POSITIVE, "must be greater than 0", value);
    }
    return value;
  }

  public static long requirePositive(final String field, final Long value) {
    return requirePositive(field, require(field, value).longValue());
  }

  public static int requirePositive(final String field, final Integer value) {
    return (int) requirePositive(field, require(field, value).longValue());
  }

  public static long notNegative(final String field, final long value) {
    if (value < 0) {
      throw new FieldViolation(field, Rule.NOT_NEGATIVE, "must not be negative", value);
    }
    return value;
  }

  /** An optional number that must not be negative; {@code absent} when not given. */
  public static long notNegative(final String field, final Long value, final long absent) {
    return value == null ? absent : notNegative(field, value.longValue());
  }

  /** An operation reference is optional but must be at least 1 when given. */
  public static Long operationReference(final String field, final Long value) {
    if (value != null && value < 1) {
      throw new FieldViolation(field, Rule.POSITIVE, "must be at least 1", value);
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

  /**
   * Names in an optional list of strings (e.g. fetchVariables, candidate users): none null, none
   * blank; null means none.
   */
  public static List<String> names(final String field, final List<String> values) {
    if (values == null) {
      return List.of();
    }
    for (int i = 0; i < values.size(); i++) {
      final String value = values.get(i);
      if (value == null) {
        throw invalid(element(field, i), "must not be null");
      }
      if (value.isBlank()) {
        throw new FieldViolation(element(field, i), Rule.BLANK, "must not be blank", NO_VALUE);
      }
    }
    return values;
  }

  /**
   * A required text in each element of an optional list, named {@code list[i].member} (e.g. {@code
   * startInstructions[0].elementId}); a null list is empty.
   */
  public static List<String> texts(
      final String list, final String member, final List<String> values) {
    if (values == null) {
      return List.of();
    }
    for (int i = 0; i < values.size(); i++) {
      final String value = values.get(i);
      if (value == null || value.isBlank()) {
        requireText(element(list, i) + "." + member, value);
      }
    }
    return values;
  }

  /** The field name of a list element, e.g. {@code tags[2]}. */
  public static String element(final String field, final int index) {
    return field + "[" + index + "]";
  }

  static boolean isAsciiLetter(final char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }

  static boolean isAsciiLetterOrDigit(final char c) {
    return isAsciiLetter(c) || (c >= '0' && c <= '9');
  }
}
