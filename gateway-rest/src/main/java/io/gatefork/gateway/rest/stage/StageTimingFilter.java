package io.gatefork.gateway.rest.stage;

import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestTiming;
import io.gatefork.service.stage.StageMetrics;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;

/**
 * First filter of a REST request: starts its {@link RequestTiming} and records it on {@code
 * gatefork.request.stage} exactly once, when the response is done. A request that went async (a
 * controller returned a future) is recorded by the AsyncListener's {@code onComplete}, after the
 * ASYNC dispatch wrote the response; any other request when the REQUEST dispatch returns. ASYNC and
 * ERROR dispatches pass straight through. Requests that never entered a controller (no operation
 * set, e.g. denied or unmapped paths) are not recorded.
 */
public final class StageTimingFilter implements Filter, AsyncListener {
  private final StageMetrics metrics;

  public StageTimingFilter(final StageMetrics metrics) {
    this.metrics = metrics;
  }

  @Override
  public void doFilter(
      final ServletRequest request, final ServletResponse response, final FilterChain chain)
      throws IOException, ServletException {
    if (request.getDispatcherType() != DispatcherType.REQUEST
        || request.getAttribute(RequestStages.TIMING_ATTRIBUTE) != null) {
      chain.doFilter(request, response);
      return;
    }
    final RequestTiming timing = RequestTiming.startNow();
    request.setAttribute(RequestStages.TIMING_ATTRIBUTE, timing);
    try {
      chain.doFilter(request, response);
    } finally {
      if (request.isAsyncStarted()) {
        request.getAsyncContext().addListener(this, request, response);
      } else {
        record(request, timing);
      }
    }
  }

  @Override
  public void onComplete(final AsyncEvent event) {
    final ServletRequest request = event.getSuppliedRequest();
    if (request != null
        && request.getAttribute(RequestStages.TIMING_ATTRIBUTE) instanceof final RequestTiming t) {
      record(request, t);
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

  private void record(final ServletRequest request, final RequestTiming timing) {
    if (request.getAttribute(RequestStages.OPERATION_ATTRIBUTE)
        instanceof final Operation operation) {
      timing.committed();
      metrics.record(Api.REST, operation, timing);
    }
  }
}
