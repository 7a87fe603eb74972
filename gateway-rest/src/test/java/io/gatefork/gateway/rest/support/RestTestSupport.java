package io.gatefork.gateway.rest.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.gateway.rest.fake.FakeServices;
import io.gatefork.service.stage.StageMetrics;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.RequestBuilder;
import org.springframework.test.web.servlet.ResultActions;

/** Base of the MockMvc tests: fakes reset per test, async round trips, JSON and meter reads. */
@GatewayRestTest
public abstract class RestTestSupport {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Autowired protected MockMvc mvc;
  @Autowired protected FakeServices fakes;
  @Autowired protected SimpleMeterRegistry meters;

  @BeforeEach
  void resetFakes() {
    fakes.reset();
  }

  /** Performs a request that must go async, then the ASYNC dispatch that writes the answer. */
  protected ResultActions performAsync(final RequestBuilder request) throws Exception {
    final MvcResult started = mvc.perform(request).andExpect(request().asyncStarted()).andReturn();
    return mvc.perform(asyncDispatch(started));
  }

  /** Performs a request that must be answered on the REQUEST dispatch (e.g. rejected input). */
  protected ResultActions performSync(final RequestBuilder request) throws Exception {
    return mvc.perform(request).andExpect(request().asyncNotStarted());
  }

  protected static JsonNode json(final ResultActions result) throws Exception {
    return JSON.readTree(result.andReturn().getResponse().getContentAsString());
  }

  /**
   * Asserts an RFC 9457 answer: problem+json, status, status-name title, the request path as
   * instance, and a detail that starts with the given text (usually "field: problem").
   */
  protected static JsonNode assertProblem(
      final ResultActions result,
      final int status,
      final String title,
      final String detailStart,
      final String instance)
      throws Exception {
    final var response = result.andReturn().getResponse();
    assertThat(response.getStatus()).isEqualTo(status);
    assertThat(response.getContentType()).startsWith("application/problem+json");
    final JsonNode problem = json(result);
    assertThat(problem.path("title").asText()).isEqualTo(title);
    assertThat(problem.path("status").asInt()).isEqualTo(status);
    assertThat(problem.path("detail").asText()).startsWith(detailStart);
    assertThat(problem.path("instance").asText()).isEqualTo(instance);
    return problem;
  }

  /** How often a REST request of this operation was recorded (its total stage). */
  protected long recordedTotals(final String operation) {
    final Timer timer =
        meters
            .find(StageMetrics.METER)
            .tags("api", "rest", "operation", operation, "stage", "total")
            .timer();
    return timer == null ? 0 : timer.count();
  }

  /** Recorded totals over all operations. */
  protected long recordedTotals() {
    return meters.find(StageMetrics.METER).tags("stage", "total").timers().stream()
        .mapToLong(Timer::count)
        .sum();
  }
}
