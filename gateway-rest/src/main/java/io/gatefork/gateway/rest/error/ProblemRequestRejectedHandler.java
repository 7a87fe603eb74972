package io.gatefork.gateway.rest.error;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.security.web.firewall.RequestRejectedException;
import org.springframework.security.web.firewall.RequestRejectedHandler;

/**
 * Answers what Spring Security's firewall refuses (an encoded {@code %}, {@code ;}, {@code /} or a
 * control character in the path, a header it does not allow) with a 400 ProblemDetail naming the
 * reason. The firewall runs before Spring MVC, so the body is written here ({@link ProblemJson}).
 */
public final class ProblemRequestRejectedHandler implements RequestRejectedHandler {
  private final Duration writeTimeout;

  public ProblemRequestRejectedHandler(final Duration writeTimeout) {
    this.writeTimeout = writeTimeout;
  }

  @Override
  public void handle(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final RequestRejectedException rejection)
      throws IOException {
    if (response.isCommitted()) {
      return;
    }
    response.resetBuffer();
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    FirstPassProblem.send(
        request,
        response,
        HttpServletResponse.SC_BAD_REQUEST,
        "INVALID_ARGUMENT",
        "The request was rejected: " + rejection.getMessage(),
        null,
        writeTimeout);
  }
}
