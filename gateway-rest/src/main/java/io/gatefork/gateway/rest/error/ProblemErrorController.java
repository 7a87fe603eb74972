package io.gatefork.gateway.rest.error;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The container's error page ({@code /error}), in place of Spring Boot's {@code
 * BasicErrorController}: what fails before a controller (Tomcat's {@code sendError}, a filter's
 * exception, Spring Security's firewall without its handler) is answered as an RFC 9457
 * ProblemDetail too, never as Boot's {@code {timestamp,status,error,path}} JSON.
 */
@RestController
public class ProblemErrorController implements ErrorController {

  @RequestMapping("${server.error.path:${error.path:/error}}")
  public ResponseEntity<Object> error(final HttpServletRequest request) {
    final int status = statusOf(request);
    final ResponseEntity<Object> answer =
        ProblemResponses.of(
            status, ServiceStatusMapping.titleFor(status), detailOf(request, status));
    if (answer.getBody() instanceof final ProblemDetail problem
        && request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI) instanceof final String uri) {
      problem.setInstance(URI.create(ProblemResponses.safeInstance(uri)));
    }
    return answer;
  }

  private static int statusOf(final HttpServletRequest request) {
    if (request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE) instanceof final Integer code
        && code >= 400
        && HttpStatus.resolve(code) != null) {
      return code;
    }
    return HttpStatus.INTERNAL_SERVER_ERROR.value();
  }

  private static String detailOf(final HttpServletRequest request, final int status) {
    if (request.getAttribute(RequestDispatcher.ERROR_EXCEPTION) instanceof final Throwable failure
        && failure.getMessage() != null) {
      return failure.getMessage();
    }
    if (request.getAttribute(RequestDispatcher.ERROR_MESSAGE) instanceof final String message
        && !message.isBlank()) {
      return message;
    }
    final HttpStatus known = HttpStatus.resolve(status);
    return known != null ? known.getReasonPhrase() : "Request failed";
  }
}
