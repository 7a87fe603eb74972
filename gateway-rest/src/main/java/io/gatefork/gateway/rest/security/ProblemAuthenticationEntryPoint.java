package io.gatefork.gateway.rest.security;

import io.gatefork.gateway.rest.error.FirstPassProblem;
import io.gatefork.gateway.rest.exchange.RestExchange;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import org.springframework.http.HttpHeaders;
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
    final RestExchange exchange = RestExchange.find(request);
    final String failure = exchange == null ? null : exchange.credentialRefused();
    final String detail = failure != null ? failure : NO_CREDENTIALS;
    if (exchange != null && exchange.credentialUnchecked()) {
      busy(request, response, detail);
      return;
    }
    if (challenge != null) {
      response.setHeader(HttpHeaders.WWW_AUTHENTICATE, challenge);
    }
    FirstPassProblem.send(
        request,
        response,
        HttpServletResponse.SC_UNAUTHORIZED,
        "UNAUTHORIZED",
        detail,
        null,
        writeTimeout);
  }

  private void busy(
      final HttpServletRequest request, final HttpServletResponse response, final String detail)
      throws IOException {
    FirstPassProblem.send(
        request,
        response,
        HttpServletResponse.SC_SERVICE_UNAVAILABLE,
        "RESOURCE_EXHAUSTED",
        detail,
        RETRY_AFTER,
        writeTimeout);
  }
}
