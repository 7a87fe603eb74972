package io.gatefork.gateway.rest.validation;

import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;

/**
 * Keys travel as strings in REST v2 ({@code LongKey}: {@code ^-?[0-9]+$}, 1 to 25 characters, a
 * Java long). Parses them without letting a bad key throw NumberFormatException on the common path.
 */
public final class LongKeys {
  private static final int MAX_DIGITS = 19;

  /** The spec's maxLength of a LongKey (leading zeros could make a longer one parse). */
  static final int MAX_LENGTH = 25;

  private LongKeys() {}

  public static long parse(final String field, final String value) {
    FieldRules.require(field, value);
    final int length = value.length();
    if (length > MAX_LENGTH) {
      throw FieldRules.notNumeric(field, " of at most " + MAX_LENGTH + " characters");
    }
    final int start = length > 0 && value.charAt(0) == '-' ? 1 : 0;
    if (length == start) {
      throw notNumeric(field);
    }
    for (int i = start; i < length; i++) {
      final char c = value.charAt(i);
      if (c < '0' || c > '9') {
        throw notNumeric(field);
      }
    }
    // up to 18 digits always fit; longer ones may overflow and need the checked parse
    if (length - start < MAX_DIGITS) {
      return Long.parseLong(value);
    }
    try {
      return Long.parseLong(value);
    } catch (final NumberFormatException e) {
      throw FieldRules.notNumeric(field, " in the int64 range");
    }
  }

  /** An optional key: null stays null. */
  public static Long parseOptional(final String field, final String value) {
    return value == null ? null : parse(field, value);
  }

  private static ServiceException notNumeric(final String field) {
    return FieldRules.notNumeric(field, "");
  }
}
