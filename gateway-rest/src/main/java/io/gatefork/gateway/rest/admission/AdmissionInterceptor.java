package io.gatefork.gateway.rest.admission;

import io.gatefork.gateway.rest.connection.KeptStatus;
import io.gatefork.gateway.rest.error.ProblemJson;
import io.gatefork.gateway.rest.error.ProblemResponses;
import io.gatefork.gateway.rest.stage.HandlerOperations;
import io.gatefork.gateway.rest.stage.RequestStages;
import io.gatefork.service.overload.Admission;
import io.gatefork.service.overload.Admission.Permit;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.AsyncHandlerInterceptor;

/**
 * Admission of REST requests: once Spring MVC knows a request's handler, and before the handler's
 * arguments (the body) are read, the request asks {@link Admission} for a permit under the
 * operation its handler declares. Without one it is answered at once: 503 ProblemDetail {@code
 * RESOURCE_EXHAUSTED} with {@code Retry-After}, the stock backpressure answer the SDKs retry on, on
 * a connection that stays open ({@link KeptStatus}).
 *
 * <p>The permit is given back when the response is complete — for an answer that came later, when
 * its async processing completes — so the limit learns from the request's whole time: a 2xx or
 * another broker answer (4xx) is a sample, a 504 says overload, and the brokers' own 503s and an
 * answer written before the handler returned (bad input, a refused caller) teach nothing. A request
 * that turns out to wait rather than work gives its permit back when it is relabelled ({@link
 * RequestStages}).
 */
public final class AdmissionInterceptor implements AsyncHandlerInterceptor {
  static final String API = "rest";
  static final String SHED_DETAIL =
      "The gateway is at its limit of requests in flight and did not handle this one; retry later";

  /** Seconds, a hint only: the SDKs back off on their own. */
  static final String RETRY_AFTER = "1";

  private final Admission admission;
  private final HandlerOperations operations;

  public AdmissionInterceptor(final Admission admission, final HandlerOperations operations) {
    this.admission = admission;
    this.operations = operations;
  }

  @Override
  public boolean preHandle(
      final HttpServletRequest request, final HttpServletResponse response, final Object handler)
      throws IOException {
    if (request.getDispatcherType() != DispatcherType.REQUEST
        || !(handler instanceof final HandlerMethod method)) {
      return true;
    }
    final String operation = operations.declaredBy(method.getMethod());
    if (operation == null) {
      return true;
    }
    final Permit permit = admission.admit(API, operation);
    if (permit == null) {
      shed(request, response);
      return false;
    }
    if (permit != Permit.NONE) {
      request.setAttribute(RequestStages.PERMIT_ATTRIBUTE, permit);
    }
    return true;
  }

  /** The stock front end: MVC answers in an ASYNC dispatch, after this request's async ends. */
  @Override
  public void afterConcurrentHandlingStarted(
      final HttpServletRequest request, final HttpServletResponse response, final Object handler) {
    final Permit permit = RequestStages.takePermit(request);
    if (permit != null) {
      request.getAsyncContext().addListener(new Release(permit));
    }
  }

  @Override
  public void afterCompletion(
      final HttpServletRequest request,
      final HttpServletResponse response,
      final Object handler,
      final Exception failure) {
    final Permit permit = RequestStages.takePermit(request);
    if (permit == null) {
      return;
    }
    if (request.isAsyncStarted()) {
      // the lean front end answers from the thread that completes the future
      request.getAsyncContext().addListener(new Release(permit));
    } else {
      permit.ignored();
    }
  }

  private static void shed(final HttpServletRequest request, final HttpServletResponse response)
      throws IOException {
    final byte[] body =
        ProblemJson.of(
                503,
                "RESOURCE_EXHAUSTED",
                SHED_DETAIL,
                ProblemResponses.safeInstance(request.getRequestURI()))
            .getBytes(StandardCharsets.UTF_8);
    final boolean marked = KeptStatus.set(request, response, 503);
    response.setHeader(HttpHeaders.RETRY_AFTER, RETRY_AFTER);
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
    if (marked) {
      KeptStatus.commit(response);
    }
  }

  /** Gives the permit back when the async response is complete, by its status. */
  private record Release(Permit permit) implements AsyncListener {
    @Override
    public void onComplete(final AsyncEvent event) {
      final int status = ((HttpServletResponse) event.getSuppliedResponse()).getStatus();
      if (status == 504) {
        permit.overloaded();
      } else if (status < 500) {
        permit.answered();
      } else {
        permit.ignored();
      }
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
