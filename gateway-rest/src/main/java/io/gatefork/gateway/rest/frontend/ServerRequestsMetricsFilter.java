package io.gatefork.gateway.rest.frontend;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.http.HttpStatus;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Records Spring Boot's {@code http.server.requests} timer — same name, same tags and values
 * ({@code error}, {@code exception}, {@code method}, {@code outcome}, {@code status}, {@code uri}),
 * so dashboards see no difference — with one cached {@link Timer} per tag combination, instead of
 * an Observation per request that builds, sorts and looks up its tags every time. Runs on the
 * REQUEST dispatch and times until the response is complete, async or not.
 */
final class ServerRequestsMetricsFilter implements Filter {
  static final String METRIC = "http.server.requests";
  private static final String NONE = "none";

  private final MeterRegistry registry;
  private final ConcurrentMap<Key, Timer> timers = new ConcurrentHashMap<>();

  ServerRequestsMetricsFilter(final MeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  public void doFilter(
      final ServletRequest request, final ServletResponse response, final FilterChain chain)
      throws IOException, ServletException {
    final long start = System.nanoTime();
    final var http = (HttpServletRequest) request;
    final var answer = (HttpServletResponse) response;
    try {
      chain.doFilter(request, response);
    } catch (final IOException | ServletException | RuntimeException failure) {
      answer.setStatus(HttpStatus.INTERNAL_SERVER_ERROR.value());
      record(
          http,
          answer,
          start,
          failure instanceof ServletException && failure.getCause() != null
              ? failure.getCause()
              : failure);
      throw failure;
    }
    if (request.isAsyncStarted()) {
      request.getAsyncContext().addListener(new Completion(start), request, response);
    } else {
      record(
          http, answer, start, (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION));
    }
  }

  private void record(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final long start,
      final Throwable error) {
    final String pattern =
        (String) request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
    final Key key =
        new Key(
            method(request.getMethod()),
            response.getStatus(),
            pattern,
            error == null ? NONE : exceptionName(error));
    timers
        .computeIfAbsent(key, this::timer)
        .record(System.nanoTime() - start, java.util.concurrent.TimeUnit.NANOSECONDS);
  }

  private Timer timer(final Key key) {
    return Timer.builder(METRIC)
        .tag("error", key.exception())
        .tag("exception", key.exception())
        .tag("method", key.method())
        .tag("outcome", outcome(key.status()))
        .tag("status", Integer.toString(key.status()))
        .tag("uri", uri(key.pattern(), key.status()))
        .register(registry);
  }

  /**
   * The method's tag value: a method outside the standard set is {@code UNKNOWN}, as Spring's
   * convention has it, or every made-up method token a client sends would be a series of its own. A
   * switch on the name: no allocation for the standard ones.
   */
  static String method(final String method) {
    return switch (method) {
      case "GET" -> "GET";
      case "POST" -> "POST";
      case "PUT" -> "PUT";
      case "PATCH" -> "PATCH";
      case "DELETE" -> "DELETE";
      case "HEAD" -> "HEAD";
      case "OPTIONS" -> "OPTIONS";
      case "TRACE" -> "TRACE";
      case null, default -> "UNKNOWN";
    };
  }

  /** As Spring's {@code DefaultServerRequestObservationConvention} names them. */
  static String uri(final String pattern, final int status) {
    if (pattern != null) {
      return pattern.isEmpty() ? "root" : pattern;
    }
    if (status >= 300 && status < 400) {
      return "REDIRECTION";
    }
    return status == 404 ? "NOT_FOUND" : "UNKNOWN";
  }

  static String outcome(final int status) {
    if (status >= 100 && status < 200) {
      return "INFORMATIONAL";
    } else if (status >= 200 && status < 300) {
      return "SUCCESS";
    } else if (status >= 300 && status < 400) {
      return "REDIRECTION";
    } else if (status >= 400 && status < 500) {
      return "CLIENT_ERROR";
    } else if (status >= 500 && status < 600) {
      return "SERVER_ERROR";
    }
    return "UNKNOWN";
  }

  private static String exceptionName(final Throwable error) {
    final String simpleName = error.getClass().getSimpleName();
    return simpleName.isEmpty() ? error.getClass().getName() : simpleName;
  }

  private record Key(String method, int status, String pattern, String exception) {}

  private final class Completion implements AsyncListener {
    private final long start;

    Completion(final long start) {
      this.start = start;
    }

    @Override
    public void onComplete(final AsyncEvent event) {
      record(
          (HttpServletRequest) event.getSuppliedRequest(),
          (HttpServletResponse) event.getSuppliedResponse(),
          start,
          event.getThrowable());
    }

    @Override
    public void onTimeout(final AsyncEvent event) {
      // onComplete follows
    }

    @Override
    public void onError(final AsyncEvent event) {
      // onComplete follows
    }

    @Override
    public void onStartAsync(final AsyncEvent event) {
      // not restarted
    }
  }
}
