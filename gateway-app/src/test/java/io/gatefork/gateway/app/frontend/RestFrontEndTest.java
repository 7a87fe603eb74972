package io.gatefork.gateway.app.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gatefork.gateway.app.GatewayTestSupport;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.test.context.TestPropertySource;

/**
 * The lean REST front end answers exactly as the stock wiring does — status, headers, ProblemDetail
 * body, the {@code http.server.requests} series — in one servlet pass: a command answered later by
 * the broker is written without a second (ASYNC) dispatch through the filters and the
 * DispatcherServlet. {@code gatefork.rest.front-end=stock} brings that dispatch back.
 */
class RestFrontEndTest {
  private static final String UNKNOWN_JOB = "/v2/jobs/2251799813685249/completion";
  private static final List<String> SECURITY_HEADERS =
      List.of(
          "x-content-type-options: nosniff",
          "x-xss-protection: 0",
          "cache-control: no-cache, no-store, max-age=0, must-revalidate",
          "pragma: no-cache",
          "expires: 0",
          "x-frame-options: DENY");
  private static final String NOT_FOUND_BODY =
      "{\"type\":\"about:blank\",\"title\":\"NOT_FOUND\",\"status\":404,\"detail\":\"Command"
          + " 'COMPLETE' rejected with code 'NOT_FOUND': Expected to complete job with key"
          + " '2251799813685249', but no such job was found\",\"instance\":\""
          + UNKNOWN_JOB
          + "\"}";
  private static final String NOT_FOUND_SERIES =
      "http_server_requests_seconds_count{error=\"none\",exception=\"none\",method=\"POST\","
          + "outcome=\"CLIENT_ERROR\",status=\"404\",uri=\"/v2/jobs/{jobKey}/completion\"}";

  private static final String INVALID_BODY =
      "{\"type\":\"about:blank\",\"title\":\"INVALID_ARGUMENT\",\"status\":400,\"detail\":"
          + "\"processDefinitionKey, processDefinitionId: one of them is required\",\"instance\":"
          + "\"/v2/process-instances\"}";
  private static final String INVALID_SERIES =
      "http_server_requests_seconds_count{error=\"none\",exception=\"none\",method=\"POST\","
          + "outcome=\"CLIENT_ERROR\",status=\"400\",uri=\"/v2/process-instances\"}";

  /** Counts the dispatches of every API request by type, ahead of every other filter. */
  @TestConfiguration
  static class DispatchCounting {
    static final Map<DispatcherType, AtomicInteger> DISPATCHES = new ConcurrentHashMap<>();

    @Bean
    FilterRegistrationBean<Filter> dispatchCounter() {
      final Filter counter =
          (request, response, chain) -> {
            DISPATCHES
                .computeIfAbsent(request.getDispatcherType(), t -> new AtomicInteger())
                .incrementAndGet();
            chain.doFilter(request, response);
          };
      final var registration = new FilterRegistrationBean<>(counter);
      registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
      registration.setDispatcherTypes(
          DispatcherType.REQUEST, DispatcherType.ASYNC, DispatcherType.ERROR);
      registration.addUrlPatterns("/v2/*");
      return registration;
    }
  }

  abstract static class Mode extends GatewayTestSupport {
    @BeforeEach
    void resetCounts() {
      DispatchCounting.DISPATCHES.clear();
    }

    HttpResponse<String> completeUnknownJob() throws Exception {
      return post(UNKNOWN_JOB, "{}");
    }

    /** Refused by the controller's validation: never reaches the broker. */
    HttpResponse<String> createWithoutProcess() throws Exception {
      return post("/v2/process-instances", "{\"variables\":{}}");
    }

    private HttpResponse<String> post(final String path, final String json) throws Exception {
      return HttpClient.newHttpClient()
          .send(
              HttpRequest.newBuilder(URI.create(baseUrl() + path))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(json))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
    }

    /** Issue #12: both front ends hand the firewall's refusals to the ProblemDetail handler. */
    @Test
    void aPathTheFirewallRefusesIsAProblemDetail() throws Exception {
      final HttpResponse<String> answer =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create(baseUrl() + "/v2/tenants/W/roles/a%3Bb"))
                      .DELETE()
                      .build(),
                  HttpResponse.BodyHandlers.ofString());

      assertThat(answer.statusCode()).isEqualTo(400);
      assertThat(answer.headers().firstValue("content-type"))
          .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
      assertThat(answer.body()).contains("\"title\":\"INVALID_ARGUMENT\"", "%3B");
    }

    int dispatches(final DispatcherType type) {
      final AtomicInteger count = DispatchCounting.DISPATCHES.get(type);
      return count == null ? 0 : count.get();
    }

    void answersAsStockDoes(final HttpResponse<String> answer) throws Exception {
      answersAsStockDoes(answer, 404, NOT_FOUND_BODY, NOT_FOUND_SERIES);
    }

    void refusesAsStockDoes(final HttpResponse<String> answer) throws Exception {
      answersAsStockDoes(answer, 400, INVALID_BODY, INVALID_SERIES);
    }

    private void answersAsStockDoes(
        final HttpResponse<String> answer, final int status, final String body, final String series)
        throws Exception {
      assertThat(answer.statusCode()).isEqualTo(status);
      assertThat(answer.headers().firstValue("content-type"))
          .hasValue("application/problem+json;charset=UTF-8");
      for (final String header : SECURITY_HEADERS) {
        final int colon = header.indexOf(':');
        assertThat(answer.headers().allValues(header.substring(0, colon)))
            .as(header)
            .containsExactly(header.substring(colon + 2));
      }
      assertThat(answer.body()).isEqualTo(body);
      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> assertThat(prometheusScrape()).contains(series));
    }
  }

  @Nested
  @Import(DispatchCounting.class)
  class Lean extends Mode {
    @Test
    void aBrokerAnswerIsWrittenInTheSameServletPassAsStockWouldWriteIt() throws Exception {
      final HttpResponse<String> answer = completeUnknownJob();

      answersAsStockDoes(answer);
      assertThat(dispatches(DispatcherType.REQUEST)).isEqualTo(1);
      assertThat(dispatches(DispatcherType.ASYNC)).isZero();
      assertThat(dispatches(DispatcherType.ERROR)).isZero();
    }

    @Test
    void aValidationErrorIsAnsweredAsStockWouldAnswerIt() throws Exception {
      refusesAsStockDoes(createWithoutProcess());
      assertThat(dispatches(DispatcherType.ERROR)).isZero();
    }
  }

  @Nested
  @Import(DispatchCounting.class)
  @TestPropertySource(properties = "gatefork.rest.front-end=stock")
  class Stock extends Mode {
    @Test
    void theStockFrontEndDispatchesABrokerAnswerASecondTime() throws Exception {
      final HttpResponse<String> answer = completeUnknownJob();

      answersAsStockDoes(answer);
      assertThat(dispatches(DispatcherType.REQUEST)).isEqualTo(1);
      assertThat(dispatches(DispatcherType.ASYNC)).isEqualTo(1);
    }

    @Test
    void aValidationErrorIsAnsweredByTheAdvice() throws Exception {
      refusesAsStockDoes(createWithoutProcess());
    }
  }
}
