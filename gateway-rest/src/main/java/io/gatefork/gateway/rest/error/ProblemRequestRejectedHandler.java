package io.gatefork.gateway.rest.error;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.MediaType;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * Answers what Spring Security's firewall refuses (an encoded {@code %}, {@code ;}, {@code /} or
 * a control character in the path, a header it does not allow) with a 400 ProblemDetail naming
 * the reason. The firewall runs before Spring MVC, so the body is written here, by hand.
 */
public final class ProblemRequestRejectedHandler implements RequestRejectedHandler {

  @Override
  public void handle(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final RequestRejectedException rejection)
      throws IOException {
    if (response.isCommitted()) {
      return;
    }
    final String detail = "The request was rejected: " + rejection.getMessage();
    final String body =
        "{\"type\":\"about:blank\",\"title\":\"INVALID_ARGUMENT\",\"status\":400,\"detail\":"
            + quoted(detail)
            + ",\"instance\":"
            + quoted(ProblemResponses.safeInstance(request.getRequestURI()))
            + "}";
    final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    response.resetBuffer();
    response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
    response.flushBuffer();
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
