package io.gatefork.gateway.rest.security;

import io.gatefork.gateway.rest.connection.KeptStatus;
import io.gatefork.gateway.rest.error.ProblemJson;
import io.gatefork.gateway.rest.error.ProblemResponses;
import io.gatefork.gateway.rest.write.AnswerOutput;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;

/**
 * The 401 of a request without an accepted credential: an RFC 9457 ProblemDetail ({@code
 * application/problem+json}, title {@code UNAUTHORIZED}) saying why, with the {@code
 * WWW-Authenticate} challenge of the configured method. A credential that was not checked because
 * the gateway was at its bound of concurrent password checks gets the stock backpressure answer
 * instead (503 {@code RESOURCE_EXHAUSTED}, {@code Retry-After}, the connection kept), which the
 * SDKs retry.
 */
final class ProblemAuthenticationEntryPoint implements AuthenticationEntryPoint {
  /** Seconds, a hint only, as for shed requests. */
  private static final String RETRY_AFTER = "1";

  private static final String NO_CREDENTIALS =
      "No credentials were sent: the API requires authentication";

  private final String challenge;
  private final Duration writeTimeout;

  ProblemAuthenticationEntryPoint(final String challenge, final Duration writeTimeout) {
    this.challenge = challenge;
    this.writeTimeout = writeTimeout;
  }

  @Override
  public void commence(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final AuthenticationException cause)
      throws IOException {
    final Object failure = request.getAttribute(CallerAuthenticationFilter.FAILURE_ATTRIBUTE);
    final String detail = failure != null ? failure.toString() : NO_CREDENTIALS;
    if (request.getAttribute(CallerAuthenticationFilter.BUSY_ATTRIBUTE) != null) {
      busy(request, response, detail);
      return;
    }
    response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
    if (challenge != null) {
      response.setHeader(HttpHeaders.WWW_AUTHENTICATE, challenge);
    }
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    final byte[] body =
        ProblemJson.of(
                HttpServletResponse.SC_UNAUTHORIZED,
                "UNAUTHORIZED",
                detail,
                request.getRequestURI())
            .getBytes(StandardCharsets.UTF_8);
    response.setContentLength(body.length);
    AnswerOutput.send(request, response, body, false, writeTimeout);
  }

  private void busy(
      final HttpServletRequest request, final HttpServletResponse response, final String detail)
      throws IOException {
    final byte[] body =
        ProblemJson.of(
                HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                "RESOURCE_EXHAUSTED",
                detail,
                ProblemResponses.safeInstance(request.getRequestURI()))
            .getBytes(StandardCharsets.UTF_8);
    final boolean marked =
        KeptStatus.set(request, response, HttpServletResponse.SC_SERVICE_UNAVAILABLE);
    response.setHeader(HttpHeaders.RETRY_AFTER, RETRY_AFTER);
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setContentLength(body.length);
    AnswerOutput.send(request, response, body, marked, writeTimeout);
  }
}
