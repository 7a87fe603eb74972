package io.gatefork.service.validation;

import io.gatefork.service.validation.FieldViolation.Rule;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;

/**
 * The one vocabulary for "this field is bad", for both APIs: presence (absent, blank, empty, one of
 * two), keys, numbers, lengths, formats, allowed values, JSON types, lists of names. Each failure
 * is a {@link FieldViolation} carrying its {@link Rule} (INVALID_ARGUMENT worded {@code "field:
 * problem"}, no stack trace: bad input is an expected outcome), thrown before anything is sent to
 * the broker; a front end may word each rule its own way. {@link #invalid} is for the one-offs no
 * rule covers. The rules for tenant ids, tags and identifiers are in {@link TenantIdRules}, {@link
 * TagRules} and {@link IdentifierRules}, in the same words.
 */
public final class FieldRules {
  private static final long NO_VALUE = 0;

  private FieldRules() {}

  /** The refusal of a field, for one-off problems no rule here covers. */
  public static FieldViolation invalid(final String field, final String problem) {
    return new FieldViolation(field, Rule.OTHER, problem, NO_VALUE);
  }

  private static FieldViolation violation(final String field, final Rule rule, final String text) {
    return new FieldViolation(field, rule, text, NO_VALUE);
  }

  public static <T> T require(final String field, final T value) {
    if (value == null) {
      throw new FieldViolation(field, Rule.REQUIRED, "is required", NO_VALUE);
    }
    return value;
  }

  /** A required list (or other collection) with at least one element. */
  public static <T extends Collection<?>> T requireNonEmpty(final String field, final T values) {
    if (require(field, values).isEmpty()) {
      throw empty(field);
    }
    return values;
  }

  /** Content that must not be empty, e.g. a resource's bytes or a multipart file part. */
  public static FieldViolation empty(final String field) {
    return violation(field, Rule.EMPTY, "must not be empty");
  }

  /** An element of a list: a null one is absent, named {@code list[i]}. */
  public static <T> T requireElement(final String list, final int index, final T value) {
    if (value == null) {
      throw isNull(element(list, index));
    }
    return value;
  }

  /** A JSON null given where a value is needed, e.g. a list element or an object's member. */
  public static FieldViolation isNull(final String field) {
    return violation(field, Rule.REQUIRED, "must not be null");
  }

  /** Exactly one of two alternatives, e.g. a definition's key or its id. */
  public static void requireOneOf(
      final String fields, final boolean firstGiven, final boolean secondGiven) {
    if (firstGiven == secondGiven) {
      throw violation(
          fields, Rule.ONE_OF, firstGiven ? "give only one of them" : "one of them is required");
    }
  }

  /** None of the alternatives {@code fields} (e.g. {@code "a, b"}) was given. */
  public static FieldViolation noneOf(final String fields) {
    return violation(fields, Rule.ONE_OF, "one of them is required");
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

  /** A number from {@code min} to {@code max}, e.g. a priority. */
  public static int requireRange(
      final String field, final int value, final int min, final int max) {
    if (value < min || value > max) {
      throw new FieldViolation(
          field,
          Rule.RANGE,
          "must be between " + min + " and " + max + ", but was " + value,
          value);
    }
    return value;
  }

  /** Longer than {@code max} {@code unit}s, e.g. {@code 256 characters}. */
  public static FieldViolation tooLong(final String field, final int max, final String unit) {
    return violation(field, Rule.LENGTH, "must not be longer than " + max + " " + unit);
  }

  /** Fewer than {@code min} or more than {@code max} characters. */
  public static FieldViolation length(final String field, final int min, final int max) {
    return violation(field, Rule.LENGTH, "must be " + min + " to " + max + " characters long");
  }

  /** A list with more than {@code max} elements, e.g. {@code 10 tags}. */
  public static FieldViolation tooMany(final String field, final int max, final String noun) {
    return violation(field, Rule.LENGTH, "must not contain more than " + max + " " + noun);
  }

  /** A character outside {@code allowed}, e.g. {@code A-Z a-z 0-9 _ -}. */
  public static FieldViolation onlyCharacters(final String field, final String allowed) {
    return violation(field, Rule.FORMAT, "must contain only the characters " + allowed);
  }

  /** {@link #onlyCharacters} unless the value is {@code alternative}, e.g. {@code '<default>'}. */
  public static FieldViolation onlyCharacters(
      final String field, final String allowed, final String alternative) {
    return violation(
        field,
        Rule.FORMAT,
        "must be " + alternative + " or contain only the characters " + allowed);
  }

  /** A first character that is not {@code expected}, e.g. {@code a letter}. */
  public static FieldViolation startWith(final String field, final String expected) {
    return violation(field, Rule.FORMAT, "must start with " + expected);
  }

  /** Not a date-time with an offset ({@code 2025-06-30T12:00:00Z}). */
  public static FieldViolation notDateTime(final String field, final String value) {
    return violation(field, Rule.FORMAT, "must be an RFC 3339 date-time, but was '" + value + "'");
  }

  /** Neither a date-time nor the empty string that clears one. */
  public static FieldViolation notDateTimeOrEmpty(final String field, final String value) {
    return violation(
        field,
        Rule.FORMAT,
        "expected an RFC 3339 date-time or an empty string, but was '" + value + "'");
  }

  /** A key that is not a numeric string ({@code LongKey}); {@code detail} says which part. */
  public static FieldViolation notNumeric(final String field, final String detail) {
    return violation(field, Rule.FORMAT, "must be a numeric string" + detail);
  }

  /** A value that is none of {@code allowed}, e.g. an enum's constants. */
  public static FieldViolation unknownValue(
      final String field, final Collection<?> allowed, final Object value) {
    return violation(field, Rule.VALUE, "must be one of " + allowed + ", but was '" + value + "'");
  }

  /** A JSON value of another type than {@code expected}, e.g. {@code a boolean}. */
  public static FieldViolation notA(final String field, final String expected) {
    return violation(field, Rule.TYPE, "must be " + expected);
  }

  /** {@link #notA} saying what was given instead, e.g. {@code an array}. */
  public static FieldViolation notA(final String field, final String expected, final String got) {
    return violation(field, Rule.TYPE, "expected " + expected + ", but got " + got);
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
      throw tooLong(field, maxBytes, "bytes (UTF-8)");
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
      final String value = requireElement(field, i, values.get(i));
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
