package io.gatefork.service.validation;

import static io.gatefork.service.validation.FieldRules.element;
import static io.gatefork.service.validation.FieldRules.empty;
import static io.gatefork.service.validation.FieldRules.invalid;
import static io.gatefork.service.validation.FieldRules.isAsciiLetter;
import static io.gatefork.service.validation.FieldRules.isAsciiLetterOrDigit;
import static io.gatefork.service.validation.FieldRules.onlyCharacters;
import static io.gatefork.service.validation.FieldRules.startWith;
import static io.gatefork.service.validation.FieldRules.tooLong;
import static io.gatefork.service.validation.FieldRules.tooMany;

import java.util.HashSet;
import java.util.List;

/**
 * Process-instance tags: at most 10, unique, each a letter followed by up to 99 of {@code
 * A-Za-z0-9_-:.}. Scans characters instead of matching a regular expression.
 */
public final class TagRules {
  public static final int MAX_TAGS = 10;
  public static final int MAX_TAG_LENGTH = 100;

  private TagRules() {}

  /** The tags when they hold; null means none. */
  public static List<String> check(final String field, final List<String> values) {
    if (values == null || values.isEmpty()) {
      return List.of();
    }
    if (values.size() > MAX_TAGS) {
      throw tooMany(field, MAX_TAGS, "tags");
    }
    for (int i = 0; i < values.size(); i++) {
      checkTag(element(field, i), values.get(i));
    }
    if (values.size() > 1 && new HashSet<>(values).size() != values.size()) {
      throw invalid(field, "must not contain duplicates");
    }
    return values;
  }

  private static void checkTag(final String field, final String tag) {
    if (tag == null || tag.isEmpty()) {
      throw empty(field);
    }
    if (tag.length() > MAX_TAG_LENGTH) {
      throw tooLong(field, MAX_TAG_LENGTH, "characters");
    }
    if (!isAsciiLetter(tag.charAt(0))) {
      throw startWith(field, "a letter");
    }
    for (int i = 1; i < tag.length(); i++) {
      final char c = tag.charAt(i);
      if (!isAsciiLetterOrDigit(c) && c != '_' && c != '-' && c != ':' && c != '.') {
        throw onlyCharacters(field, "A-Z a-z 0-9 _ - : .");
      }
    }
  }
}
