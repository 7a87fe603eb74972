package io.gatefork.service.validation;

import static io.gatefork.service.validation.FieldRules.invalid;
import static io.gatefork.service.validation.FieldRules.isAsciiLetterOrDigit;
import static io.gatefork.service.validation.FieldRules.onlyCharacters;
import static io.gatefork.service.validation.FieldRules.requireText;
import static io.gatefork.service.validation.FieldRules.tooLong;

/** Ids of identity entities (users, groups, roles, mapping rules, clients) and e-mail addresses. */
public final class IdentifierRules {
  static final int MAX_LENGTH = 256;

  private IdentifierRules() {}

  /**
   * 1 to 256 of {@code A-Za-z0-9 _ @ . + ~ -} (the union of what the stock gateway accepts for
   * these ids).
   */
  public static String identifier(final String field, final String value) {
    requireText(field, value);
    if (value.length() > MAX_LENGTH) {
      throw tooLong(field, MAX_LENGTH, "characters");
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
        throw onlyCharacters(field, "A-Z a-z 0-9 _ @ . + ~ -");
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
}
