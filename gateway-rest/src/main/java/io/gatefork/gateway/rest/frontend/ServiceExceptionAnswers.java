package io.gatefork.gateway.rest.frontend;

import io.gatefork.gateway.rest.error.BodyRefusal;
import io.gatefork.gateway.rest.error.ProblemResponses;
import io.gatefork.service.error.ServiceException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.servlet.HandlerExceptionResolver;
import org.springframework.web.servlet.ModelAndView;

/**
 * Answers a {@link ServiceException} thrown by a handler — request validation, tenant checks: the
 * REST error answers that never reach the broker — and a request body refused while it was read
 * ({@link BodyRefusal}) with the same ProblemDetail as {@code RestExceptionHandler}, written by the
 * {@link AnswerWriter} that writes every other answer. Spring MVC would look the exception up among
 * the advice's handler methods, invoke one reflectively and negotiate the content type of its
 * answer, which made a 400 cost more than the command it refused. Ordered after Spring Boot's
 * {@code DefaultErrorAttributes} (it only records the exception) and before MVC's resolvers, which
 * still handle everything else.
 */
final class ServiceExceptionAnswers implements HandlerExceptionResolver, Ordered {
  private final AnswerWriter writer;

  ServiceExceptionAnswers(final AnswerWriter writer) {
    this.writer = writer;
  }

  @Override
  public ModelAndView resolveException(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final Object handler,
      final Exception exception) {
    final ResponseEntity<?> answer;
    if (exception instanceof ServiceException) {
      answer = ProblemResponses.of(exception);
    } else if (exception instanceof HttpMessageNotReadableException
        && BodyRefusal.in(exception) instanceof final BodyRefusal refused) {
      answer = ResponseEntity.status(refused.status()).body(refused.problem());
    } else {
      return null;
    }
    if (response.isCommitted()) {
      return null;
    }
    try {
      writer.write(answer, request, response);
    } catch (final IOException clientGone) {
      // the client left: nobody to tell
    }
    return new ModelAndView(); // empty: handled, nothing to render
  }

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE + 1;
  }
}
