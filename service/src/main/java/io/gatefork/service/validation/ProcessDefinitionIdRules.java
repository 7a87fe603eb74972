package io.gatefork.service.validation;

import static io.gatefork.service.validation.FieldRules.isAsciiLetter;
import static io.gatefork.service.validation.FieldRules.isAsciiLetterOrDigit;
import static io.gatefork.service.validation.FieldRules.onlyCharacters;
import static io.gatefork.service.validation.FieldRules.requireText;
import static io.gatefork.service.validation.FieldRules.startWith;

/**
 * The spec's {@code ProcessDefinitionId}: a letter or {@code _}, then letters, digits, {@code _},
 * {@code -} or {@code .} ({@code ^[a-zA-Z_][a-zA-Z0-9_\-\.]*$}). Scans instead of matching a
 * regular expression.
 */
public final class ProcessDefinitionIdRules {

  private ProcessDefinitionIdRules() {}

  /** An optional id: null stays null, anything else must have the format. */
  public static String optional(final String field, final String value) {
    if (value == null) {
      return null;
    }
    requireText(field, value);
    final char first = value.charAt(0);
    if (!isAsciiLetter(first) && first != '_') {
      throw startWith(field, "a letter or '_'");
    }
    for (int i = 1; i < value.length(); i++) {
      final char c = value.charAt(i);
      if (!isAsciiLetterOrDigit(c) && c != '_' && c != '-' && c != '.') {
        throw onlyCharacters(field, "A-Z a-z 0-9 _ - .");
      }
    }
    return value;
  }
}
