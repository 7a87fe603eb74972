package io.gatefork.gateway.rest.error;

/**
 * The JSON of an RFC 9457 ProblemDetail, for the answers written before Spring MVC runs (the
 * security chain's refusals), where no message converter is at hand. Same members and order as the
 * ProblemDetails Spring MVC writes.
 */
public final class ProblemJson {
  private ProblemJson() {}

  public static String of(
      final int status, final String title, final String detail, final String instance) {
    return "{\"type\":\"about:blank\",\"title\":"
        + quoted(title)
        + ",\"status\":"
        + status
        + ",\"detail\":"
        + quoted(detail)
        + ",\"instance\":"
        + quoted(instance)
        + "}";
  }

  /** A JSON string literal. */
  static String quoted(final String text) {
    final var out = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      final char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
