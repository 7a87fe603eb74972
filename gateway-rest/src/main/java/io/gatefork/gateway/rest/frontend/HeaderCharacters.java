package io.gatefork.gateway.rest.frontend;

import java.util.function.Predicate;

/**
 * The characters {@code StrictHttpFirewall} allows in header names and values by default — assigned
 * code points, no control characters (a tab allowed in values) — checked by a scan instead of the
 * firewall's regular expressions, which it evaluates on every header read.
 */
enum HeaderCharacters implements Predicate<String> {
  NAME(false),
  VALUE(true);

  private final boolean tabAllowed;

  HeaderCharacters(final boolean tabAllowed) {
    this.tabAllowed = tabAllowed;
  }

  @Override
  public boolean test(final String text) {
    for (int i = 0; i < text.length(); ) {
      final int c = text.codePointAt(i);
      if (c < 0x80) {
        // ASCII: only the controls are refused
        if ((c < 0x20 || c == 0x7f) && !(tabAllowed && c == '\t')) {
          return false;
        }
      } else if (Character.isISOControl(c) || !Character.isDefined(c)) {
        return false;
      }
      i += Character.charCount(c);
    }
    return true;
  }
}
