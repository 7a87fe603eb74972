package io.gatefork.gateway.rest.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.asyncDispatch;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.request;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gatefork.service.stage.StageMetrics;
import io.gatefork.service.testing.FakeServices;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.RequestBuilder;
import org.springframework.test.web.servlet.ResultActions;
import org.springframework.test.web.servlet.ResultHandler;
import org.springframework.test.web.servlet.ResultMatcher;
import org.springframework.web.context.request.async.WebAsyncUtils;

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

  /**
   * Performs a request answered from a service future and returns the written answer. With the
   * stock front end that is Spring MVC's ASYNC dispatch; with the lean one (the default) the answer
   * is written in the same pass: at once when the future is already complete, else by the thread
   * that completes it, which then completes the async context.
   */
  protected ResultActions performAsync(final RequestBuilder request) throws Exception {
    return whenAnswered(mvc.perform(request).andReturn());
  }

  /** A creation posted over HTTP to the real Tomcat on {@code port}, 10 s at most. */
  protected static HttpRequest postCreation(final int port, final String body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/v2/process-instances"))
        .timeout(Duration.ofSeconds(10))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  /** The answer of a request performed earlier, once its future completed (see performAsync). */
  protected ResultActions whenAnswered(final MvcResult result) throws Exception {
    if (WebAsyncUtils.getAsyncManager(result.getRequest()).isConcurrentHandlingStarted()) {
      return mvc.perform(asyncDispatch(result));
    }
    await("the answer was written")
        .atMost(Duration.ofSeconds(10))
        .pollInSameThread()
        .pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(5))
        .until(() -> !result.getRequest().isAsyncStarted());
    return answered(result);
  }

  /** ResultActions over a request that is already answered. */
  protected static ResultActions answered(final MvcResult result) {
    return new ResultActions() {
      @Override
      public ResultActions andExpect(final ResultMatcher matcher) throws Exception {
        matcher.match(result);
        return this;
      }

      @Override
      public ResultActions andDo(final ResultHandler handler) throws Exception {
        handler.handle(result);
        return this;
      }

      @Override
      public MvcResult andReturn() {
        return result;
      }
    };
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
