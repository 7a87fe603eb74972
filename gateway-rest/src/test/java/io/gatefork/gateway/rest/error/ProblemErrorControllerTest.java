package io.gatefork.gateway.rest.error;

import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import io.gatefork.gateway.rest.support.RestTestSupport;
import jakarta.servlet.RequestDispatcher;
import org.junit.jupiter.api.Test;

/** What the container forwards to /error is a ProblemDetail too, not Boot's default JSON. */
class ProblemErrorControllerTest extends RestTestSupport {

  @Test
  void containerErrorIsAProblemDetailWithTheOriginalPath() throws Exception {
    final var result =
        performSync(
            get("/error")
                .requestAttr(RequestDispatcher.ERROR_STATUS_CODE, 400)
                .requestAttr(RequestDispatcher.ERROR_MESSAGE, "Invalid URI")
                .requestAttr(RequestDispatcher.ERROR_REQUEST_URI, "/v2/topology"));

    assertProblem(result, 400, "INVALID_ARGUMENT", "Invalid URI", "/v2/topology");
  }

  @Test
  void errorWithoutAStatusIsInternal() throws Exception {
    final var result =
        performSync(
            get("/error")
                .requestAttr(RequestDispatcher.ERROR_EXCEPTION, new IllegalStateException("boom"))
                .requestAttr(RequestDispatcher.ERROR_REQUEST_URI, "/v2/x"));

    assertProblem(result, 500, "INTERNAL", "boom", "/v2/x");
  }
}
