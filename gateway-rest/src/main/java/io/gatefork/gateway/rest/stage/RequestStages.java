package io.gatefork.gateway.rest.stage;

import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.operation.AdmissionPolicy;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.overload.Admission.Permit;
import io.gatefork.service.stage.RequestTiming;
import jakarta.servlet.ServletRequest;

/**
 * The request attributes through which a REST request's stage timing travels: {@link
 * StageTimingFilter} starts the timing, the security filter sets the caller, and the handler's
 * {@link RequestContextArgumentResolver} names the operation the filter records it under.
 */
public final class RequestStages {
  static final String TIMING_ATTRIBUTE = RequestStages.class.getName() + ".timing";
  static final String OPERATION_ATTRIBUTE = RequestStages.class.getName() + ".operation";

  /**
   * The request's admission {@link Permit}, set by the admission interceptor while the request
   * counts in flight; absent when nothing counts it.
   */
  public static final String PERMIT_ATTRIBUTE = RequestStages.class.getName() + ".permit";

  /**
   * The {@link Operation} of a request admission shed before its handler ran; set only then, for
   * its trace span.
   */
  public static final String SHED_ATTRIBUTE = RequestStages.class.getName() + ".shed";

  /**
   * The request's Spring MVC handler method, looked up once by the admission filter; the
   * DispatcherServlet's mapping takes it from here instead of looking again.
   */
  public static final String HANDLER_ATTRIBUTE = RequestStages.class.getName() + ".handler";

  /** The authenticated {@link Caller}, set by the security filter; absent means anonymous. */
  public static final String CALLER_ATTRIBUTE = RequestStages.class.getName() + ".caller";

  private RequestStages() {}

  /** Marks the handler entered under its operation and returns the context for the service. */
  static RequestContext enter(final ServletRequest request, final Operation operation) {
    RequestTiming timing = (RequestTiming) request.getAttribute(TIMING_ATTRIBUTE);
    if (timing == null) {
      // filter not installed (e.g. a bare MockMvc): time anyway, nothing will record it
      timing = RequestTiming.startNow();
    } else {
      request.setAttribute(OPERATION_ATTRIBUTE, operation);
    }
    timing.entered();
    return new RequestContext(timing, caller(request), operation, request.getRemoteAddr());
  }

  /**
   * Records the request under another operation than its handler declares; one that turns out to
   * wait rather than work (awaiting a process instance's end) stops counting in flight.
   */
  static void relabel(final ServletRequest request, final Operation operation) {
    if (request.getAttribute(TIMING_ATTRIBUTE) != null) {
      request.setAttribute(OPERATION_ATTRIBUTE, operation);
    }
    if (operation.admission() != AdmissionPolicy.LIMITED) {
      final Permit permit = takePermit(request);
      if (permit != null) {
        permit.ignored();
      }
    }
  }

  /**
   * The request's answer, of {@code status}, is ready to go out: its permit is given back now, not
   * when a client that may read slowly has taken the last byte.
   */
  public static void answerReady(final ServletRequest request, final int status) {
    final Permit permit = takePermit(request);
    if (permit != null) {
      release(permit, status);
    }
  }

  /**
   * Gives {@code permit} back by the answer's status: a 2xx or another broker answer (4xx) is a
   * latency sample, a 504 says overload, and 5xx answers of the brokers' own (backpressure, no
   * leader) teach nothing.
   */
  public static void release(final Permit permit, final int status) {
    if (status == 504) {
      permit.overloaded();
    } else if (status < 500) {
      permit.answered();
    } else {
      permit.ignored();
    }
  }

  /** Removes and returns the request's admission permit; null when it has none. */
  public static Permit takePermit(final ServletRequest request) {
    final Object permit = request.getAttribute(PERMIT_ATTRIBUTE);
    if (permit == null) {
      return null;
    }
    request.removeAttribute(PERMIT_ATTRIBUTE);
    return (Permit) permit;
  }

  /** The request's authenticated caller; the anonymous one when the API is unprotected. */
  private static Caller caller(final ServletRequest request) {
    return request.getAttribute(CALLER_ATTRIBUTE) instanceof Caller caller
        ? caller
        : Caller.ANONYMOUS;
  }
}
