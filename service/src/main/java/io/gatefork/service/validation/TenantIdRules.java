package io.gatefork.service.validation;

import static io.gatefork.service.validation.FieldRules.element;
import static io.gatefork.service.validation.FieldRules.isAsciiLetterOrDigit;
import static io.gatefork.service.validation.FieldRules.length;
import static io.gatefork.service.validation.FieldRules.onlyCharacters;
import static io.gatefork.service.validation.FieldRules.requireElement;

import java.util.List;

/**
 * The format of tenant ids: null (the default tenant), {@code <default>}, or 1 to 256 of {@code
 * A-Za-z0-9_@.+-}. Whether the caller may name the tenant is a separate check ({@code
 * TenantAccess}), worded by each front end as the stock gateway words it.
 */
public final class TenantIdRules {
  static final String DEFAULT_TENANT = "<default>";
  static final int MAX_LENGTH = 256;

  private TenantIdRules() {}

  /** One tenant id; null stays null. */
  public static String format(final String field, final String value) {
    if (value == null || DEFAULT_TENANT.equals(value)) {
      return value;
    }
    final int length = value.length();
    if (length == 0 || length > MAX_LENGTH) {
      throw length(field, 1, MAX_LENGTH);
    }
    for (int i = 0; i < length; i++) {
      final char c = value.charAt(i);
      if (!isAsciiLetterOrDigit(c) && c != '_' && c != '@' && c != '.' && c != '+' && c != '-') {
        throw onlyCharacters(field, "A-Z a-z 0-9 _ @ . + -", "'" + DEFAULT_TENANT + "'");
      }
    }
    return value;
  }

  /** The tenant a command acts in: null or blank means the default tenant. */
  public static String orDefault(final String tenantId) {
    return tenantId == null || tenantId.isBlank() ? DEFAULT_TENANT : tenantId;
  }

  /** A list of tenant ids, none null; a null list is empty. */
  public static List<String> formats(final String field, final List<String> values) {
    if (values == null) {
      return List.of();
    }
    for (int i = 0; i < values.size(); i++) {
      format(element(field, i), requireElement(field, i, values.get(i)));
    }
    return values;
  }
}
