package io.gatefork.gateway.rest.admission;

import io.gatefork.gateway.rest.connection.DispatchTimes;
import io.gatefork.gateway.rest.connection.KeptStatus;
import io.gatefork.gateway.rest.error.FirstPassProblem;
import io.gatefork.gateway.rest.exchange.RestExchange;
import io.gatefork.gateway.rest.operation.HandlerOperations;
import io.gatefork.gateway.rest.stage.RequestStages;
import io.gatefork.gateway.rest.write.AnswerOutput;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.CallerAuthenticator;
import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.overload.Admission;
import io.gatefork.service.overload.Admission.Permit;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import org.springframework.http.HttpHeaders;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;
import org.springframework.web.util.ServletRequestPathUtils;

/**
 * Admission of REST requests, as early as a request's operation can be known: right after the
 * {@code http.server.requests} metrics filter (so shed requests are counted there too), before the
 * security chain, Spring MVC and the body. The request's handler is looked up in Spring MVC's own
 * mapping — the result is kept on the request for the DispatcherServlet, so no request is looked up
 * twice — and the request asks {@link Admission} for a permit under the operation its handler
 * declares, named by its remote address when the limit is shared among callers (or, with {@code
 * partition-by=verified-caller}, by the client whose credential was verified before). Without one
 * it is answered at once with 503 ProblemDetail {@code RESOURCE_EXHAUSTED} and {@code Retry-After},
 * the stock backpressure answer the SDKs retry on, on a connection that stays open ({@link
 * KeptStatus}). The request says how long it waited in Tomcat before it got here ({@link
 * DispatchTimes}).
 *
 * <p>The permit is given back when the answer is ready to go out — handed to the lean front end's
 * writer, or else when the async processing completes — so the limit learns from the request's time
 * up to its answer, never from how fast a client reads ({@link RequestStages#release}); an answer
 * written in the first pass (bad input, a refused caller) teaches nothing. A request that turns out
 * to wait rather than work gives its permit back when it is relabelled ({@link RequestStages}).
 */
public final class AdmissionFilter implements Filter {
  static final String SHED_DETAIL =
      "The gateway is at its limit of requests in flight and did not handle this one; retry later";

  /** Seconds, a hint only: the SDKs back off on their own. */
  static final String RETRY_AFTER = "1";

  private final Admission admission;
  private final HandlerOperations operations;
  private final RequestMappingHandlerMapping mapping;
  private final Duration writeTimeout;
  private final CallerAuthenticator authenticator;
  private final boolean verifiedCallers;

  public AdmissionFilter(
      final Admission admission,
      final HandlerOperations operations,
      final RequestMappingHandlerMapping mapping,
      final CallerAuthenticator authenticator,
      final Duration writeTimeout) {
    this.admission = admission;
    this.operations = operations;
    this.mapping = mapping;
    this.authenticator = authenticator;
    this.writeTimeout = writeTimeout;
    verifiedCallers = admission.namesVerifiedCallers() && authenticator.protectsApi();
  }

  /**
   * Who asks: the verified client where its credential was verified before (a cache lookup; the
   * security chain, which runs later, checks it as ever), else the connection's address.
   */
  private String caller(final HttpServletRequest request, final RestExchange exchange) {
    if (verifiedCallers) {
      final Caller known = authenticator.verified(request.getHeader(HttpHeaders.AUTHORIZATION));
      if (known != null) {
        // the security filter takes it from here instead of looking the credential up again
        exchange.caller(known);
        return known.key();
      }
    }
    return request.getRemoteAddr();
  }

  @Override
  public void doFilter(
      final ServletRequest servletRequest,
      final ServletResponse servletResponse,
      final FilterChain chain)
      throws IOException, ServletException {
    final var request = (HttpServletRequest) servletRequest;
    final RestExchange exchange = RestExchange.of(request);
    final Operation operation = operation(request, exchange);
    final Permit permit =
        operation == null
            ? Permit.NONE
            : admission.admit(
                Api.REST,
                operation,
                admission.sharesByCaller() ? caller(request, exchange) : null,
                DispatchTimes.waitedNanos(System.nanoTime()));
    if (permit == null) {
      exchange.shed(operation);
      shed(request, (HttpServletResponse) servletResponse);
      return;
    }
    if (permit == Permit.NONE) {
      chain.doFilter(request, servletResponse);
      return;
    }
    exchange.permit(permit);
    try {
      chain.doFilter(request, servletResponse);
    } finally {
      // a permit counts only its first release: the writer may have given it back already
      if (request.isAsyncStarted() && !AnswerOutput.startedHere(request)) {
        request.getAsyncContext().addListener(new Release(permit));
      } else {
        permit.ignored(); // answered in this pass: before any broker work
      }
    }
  }

  /** The operation the request's handler declares; null for none, or no handler. */
  private Operation operation(final HttpServletRequest request, final RestExchange exchange) {
    final HandlerExecutionChain handler;
    try {
      if (mapping.usesPathPatterns()) {
        ServletRequestPathUtils.parseAndCache(request);
      }
      handler = mapping.getHandler(request);
    } catch (final Exception noHandler) {
      return null; // MVC answers it (405, 415, ...) as it would anyway
    }
    if (handler == null || !(handler.getHandler() instanceof final HandlerMethod method)) {
      return null;
    }
    exchange.handler(method);
    return operations.declaredBy(method.getMethod());
  }

  private void shed(final HttpServletRequest request, final HttpServletResponse response)
      throws IOException {
    FirstPassProblem.send(
        request, response, 503, "RESOURCE_EXHAUSTED", SHED_DETAIL, RETRY_AFTER, writeTimeout);
  }

  /**
   * Gives the permit back when the async response is complete, by its status, unless the lean front
   * end's writer did when the answer was ready ({@link RequestStages#answerReady}).
   */
  private record Release(Permit permit) implements AsyncListener {
    @Override
    public void onComplete(final AsyncEvent event) {
      RequestStages.release(
          permit, ((HttpServletResponse) event.getSuppliedResponse()).getStatus());
    }

    @Override
    public void onTimeout(final AsyncEvent event) {
      // onComplete follows, with the timeout's 504
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
