package io.gatefork.gateway.rest.error;

import io.gatefork.gateway.rest.connection.KeptStatus;
import io.gatefork.gateway.rest.write.AnswerOutput;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.http.MediaType;
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
    final String detail = "The request was rejected: " + rejection.getMessage();
    final String body =
        ProblemJson.of(
            HttpServletResponse.SC_BAD_REQUEST,
            "INVALID_ARGUMENT",
            detail,
            ProblemResponses.safeInstance(request.getRequestURI()));
    final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    response.resetBuffer();
    final boolean marked = KeptStatus.set(request, response, HttpServletResponse.SC_BAD_REQUEST);
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setCharacterEncoding(StandardCharsets.UTF_8.name());
    response.setContentLength(bytes.length);
    AnswerOutput.send(request, response, bytes, marked, writeTimeout);
  }
}
