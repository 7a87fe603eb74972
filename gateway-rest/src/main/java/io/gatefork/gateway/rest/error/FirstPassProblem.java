package io.gatefork.gateway.rest.error;

import io.gatefork.gateway.rest.connection.KeptStatus;
import io.gatefork.gateway.rest.write.AnswerOutput;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

/**
 * A ProblemDetail answer decided by a filter in the request's first pass, before Spring MVC (a shed
 * request, a refused body, a refused credential, a rejected URL): the status set through {@link
 * KeptStatus} so that the connection stays where it may, the body written through {@link
 * AnswerOutput}.
 */
public final class FirstPassProblem {
  private FirstPassProblem() {}

  /**
   * @param retryAfter the {@code Retry-After} header's seconds; null for none
   */
  public static void send(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final int status,
      final String title,
      final String detail,
      final String retryAfter,
      final Duration writeTimeout)
      throws IOException {
    final byte[] body =
        ProblemJson.of(
                status, title, detail, ProblemResponses.safeInstance(request.getRequestURI()))
            .getBytes(StandardCharsets.UTF_8);
    final boolean marked = KeptStatus.set(request, response, status);
    if (retryAfter != null) {
      response.setHeader(HttpHeaders.RETRY_AFTER, retryAfter);
    }
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setContentLength(body.length);
    AnswerOutput.send(request, response, body, marked, writeTimeout);
  }
}
