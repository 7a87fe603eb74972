package io.gatefork.gateway.rest.security;

import io.gatefork.gateway.rest.error.ProblemJson;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;

/**
 * The 401 of a request without an accepted credential: an RFC 9457 ProblemDetail ({@code
 * application/problem+json}, title {@code UNAUTHORIZED}) saying why, with the {@code
 * WWW-Authenticate} challenge of the configured method.
 */
final class ProblemAuthenticationEntryPoint implements AuthenticationEntryPoint {
  private static final String NO_CREDENTIALS =
      "No credentials were sent: the API requires authentication";

  private final String challenge;

  ProblemAuthenticationEntryPoint(final String challenge) {
    this.challenge = challenge;
  }

  @Override
  public void commence(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final AuthenticationException cause)
      throws IOException {
    final Object failure = request.getAttribute(CallerAuthenticationFilter.FAILURE_ATTRIBUTE);
    final String detail = failure != null ? failure.toString() : NO_CREDENTIALS;
    response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
    if (challenge != null) {
      response.setHeader(HttpHeaders.WWW_AUTHENTICATE, challenge);
    }
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    final String body =
        ProblemJson.of(
            HttpServletResponse.SC_UNAUTHORIZED, "UNAUTHORIZED", detail, request.getRequestURI());
    response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
  }
}
