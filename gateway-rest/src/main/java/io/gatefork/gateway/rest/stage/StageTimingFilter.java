package io.gatefork.gateway.rest.stage;

import io.gatefork.gateway.rest.exchange.RestExchange;
import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestOutcome;
import io.gatefork.service.stage.RequestSpan;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.stage.RequestTracer;
import io.gatefork.service.stage.StageMetrics;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * First filter of a REST request: starts its {@link RequestTiming} and records it on {@code
 * gatefork.request.stage} exactly once, when the response is done. A request that went async (a
 * controller returned a future) is recorded by the AsyncListener's {@code onComplete}, after the
 * ASYNC dispatch wrote the response; any other request when the REQUEST dispatch returns. ASYNC and
 * ERROR dispatches pass straight through. Requests that never entered a controller (no operation
 * set, e.g. denied or unmapped paths) are not recorded.
 *
 * <p>With tracing on, it also starts the request's span (continuing the caller's W3C trace
 * context), keeps it current while the request passes the filters and the handler, names the
 * answer's {@code traceresponse}, and ends the span with the timing's stages — every request, shed
 * and refused ones included.
 */
public final class StageTimingFilter implements Filter, AsyncListener {
  static final String TRACE_RESPONSE_HEADER = "traceresponse";

  private final StageMetrics metrics;
  private final RequestTracer tracer;

  public StageTimingFilter(final StageMetrics metrics) {
    this(metrics, null);
  }

  /**
   * @param tracer null when tracing is off
   */
  public StageTimingFilter(final StageMetrics metrics, final RequestTracer tracer) {
    this.metrics = metrics;
    this.tracer = tracer;
  }

  @Override
  public void doFilter(
      final ServletRequest request, final ServletResponse response, final FilterChain chain)
      throws IOException, ServletException {
    if (request.getDispatcherType() != DispatcherType.REQUEST) {
      chain.doFilter(request, response);
      return;
    }
    final RestExchange exchange = RestExchange.of(request);
    if (exchange.timing() != null) {
      chain.doFilter(request, response);
      return;
    }
    final RequestTiming timing = RequestTiming.startNow();
    exchange.timing(timing);
    if (tracer != null) {
      traced(request, response, chain, timing);
      return;
    }
    try {
      chain.doFilter(request, response);
    } finally {
      complete(request, response, timing);
    }
  }

  private void traced(
      final ServletRequest request,
      final ServletResponse response,
      final FilterChain chain,
      final RequestTiming timing)
      throws IOException, ServletException {
    final RequestSpan span =
        tracer.start(Api.REST, timing, (HttpServletRequest) request, HttpServletRequest::getHeader);
    timing.traced(span);
    ((HttpServletResponse) response).setHeader(TRACE_RESPONSE_HEADER, span.traceparent());
    try (RequestSpan.Scope ignored = span.open()) {
      chain.doFilter(request, response);
    } finally {
      complete(request, response, timing);
    }
  }

  private void complete(
      final ServletRequest request, final ServletResponse response, final RequestTiming timing) {
    if (request.isAsyncStarted()) {
      request.getAsyncContext().addListener(this, request, response);
    } else {
      record(request, response, timing);
    }
  }

  @Override
  public void onComplete(final AsyncEvent event) {
    final ServletRequest request = event.getSuppliedRequest();
    final RestExchange exchange = request == null ? null : RestExchange.find(request);
    if (exchange != null && exchange.timing() != null) {
      record(request, event.getSuppliedResponse(), exchange.timing());
    }
  }

  @Override
  public void onTimeout(final AsyncEvent event) {
    // onComplete follows and records
  }

  @Override
  public void onError(final AsyncEvent event) {
    // onComplete follows and records
  }

  @Override
  public void onStartAsync(final AsyncEvent event) {
    // the listener is added after the first dispatch; a re-started async keeps it
  }

  private void record(
      final ServletRequest request, final ServletResponse response, final RequestTiming timing) {
    final RestExchange exchange = RestExchange.of(request);
    final Operation operation = exchange.operation();
    final RequestSpan span = timing.span();
    if (span == null) {
      if (operation != null) {
        timing.committed();
        metrics.record(Api.REST, operation, timing);
      }
      return;
    }
    timing.committed();
    if (operation != null) {
      try (RequestSpan.Scope ignored = span.open()) { // the histograms' exemplars name the span
        metrics.record(Api.REST, operation, timing);
      }
    }
    final Operation shed = exchange.shed();
    span.end(
        operation != null ? operation : shed,
        timing,
        RequestOutcome.http(((HttpServletResponse) response).getStatus(), shed != null));
  }
}
