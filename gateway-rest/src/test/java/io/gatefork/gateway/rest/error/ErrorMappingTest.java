package io.gatefork.gateway.rest.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

/** Service failures and Spring MVC errors as RFC 9457 answers with status-name titles. */
class ErrorMappingTest extends RestTestSupport {
  private static final String PATH = "/v2/messages/publication";

  private static MockHttpServletRequestBuilder publish() {
    return post(PATH).contentType(MediaType.APPLICATION_JSON).content("{\"name\": \"n\"}");
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "INVALID_ARGUMENT, 400",
    "NOT_FOUND, 404",
    "ALREADY_EXISTS, 409",
    "INVALID_STATE, 409",
    "UNAUTHORIZED, 401",
    "FORBIDDEN, 403",
    "RESOURCE_EXHAUSTED, 503",
    "UNAVAILABLE, 503",
    "DEADLINE_EXCEEDED, 504",
    "ABORTED, 502",
    "INTERNAL, 500",
    "UNKNOWN, 500"
  })
  void mapsEveryServiceStatusOfAFailedFuture(final ServiceStatus status, final int httpStatus)
      throws Exception {
    fakes.messages.publish.failWith(new ServiceException(status, "detail of " + status));

    final var result = performAsync(publish());

    assertProblem(result, httpStatus, status.name(), "detail of " + status, PATH);
    assertThat(json(result).path("type").asText()).isEqualTo("about:blank");
  }

  @Test
  void unwrapsACompletionException() throws Exception {
    fakes.messages.publish.failWith(
        new CompletionException(
            new ServiceException(ServiceStatus.RESOURCE_EXHAUSTED, "backpressure")));

    assertProblem(performAsync(publish()), 503, "RESOURCE_EXHAUSTED", "backpressure", PATH);
  }

  @Test
  void mapsAServiceExceptionThrownInsteadOfReturned() throws Exception {
    fakes.messages.publish.throwOnCall(
        new ServiceException(ServiceStatus.UNAVAILABLE, "no topology"));

    assertProblem(performSync(publish()), 503, "UNAVAILABLE", "no topology", PATH);
  }

  @Test
  void mapsAWrappedServiceExceptionThrownInsteadOfReturned() throws Exception {
    fakes.messages.publish.throwOnCall(
        new CompletionException(new ServiceException(ServiceStatus.NOT_FOUND, "gone")));

    assertProblem(performSync(publish()), 404, "NOT_FOUND", "gone", PATH);
  }

  @Test
  void mapsATimeoutOfTheFutureToDeadlineExceeded() throws Exception {
    fakes.messages.publish.failWith(new TimeoutException());

    assertProblem(performAsync(publish()), 504, "DEADLINE_EXCEEDED", "Expected to handle", PATH);
  }

  @Test
  void mapsAnUnexpectedFailureToInternal() throws Exception {
    fakes.messages.publish.failWith(new IllegalStateException("bug"));

    assertProblem(
        performAsync(publish()),
        500,
        "INTERNAL",
        "Unexpected error while handling the request",
        PATH);
  }

  @Test
  void mapsAnUnexpectedThrowToInternal() throws Exception {
    fakes.messages.publish.throwOnCall(new NullPointerException("bug"));

    assertProblem(performSync(publish()), 500, "INTERNAL", "Unexpected error", PATH);
  }

  @Test
  void answersAWrongMethodWithAStatusNameTitle() throws Exception {
    assertProblem(performSync(get(PATH)), 405, "METHOD_NOT_ALLOWED", "Method 'GET'", PATH);
  }

  @Test
  void answersAnUnknownApiPathWithNotFound() throws Exception {
    assertProblem(
        performSync(get("/v2/no-such-thing")),
        404,
        "NOT_FOUND",
        "No static resource",
        "/v2/no-such-thing");
  }

  @Test
  void answersServiceFailuresAsProblemJsonEvenWhenTheClientAcceptsOnlyJson() throws Exception {
    fakes.messages.publish.failWith(new ServiceException(ServiceStatus.NOT_FOUND, "gone"));

    final var result = performAsync(publish().accept(MediaType.APPLICATION_JSON));

    assertProblem(result, 404, "NOT_FOUND", "gone", PATH);
  }
}
