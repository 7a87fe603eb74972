package io.gatefork.gateway.rest.stage;

import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
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

  /** The authenticated {@link Caller}, set by the security filter; absent means anonymous. */
  public static final String CALLER_ATTRIBUTE = RequestStages.class.getName() + ".caller";

  private RequestStages() {}

  /** Marks the handler entered under its operation and returns the context for the service. */
  static RequestContext enter(final ServletRequest request, final String operation) {
    RequestTiming timing = (RequestTiming) request.getAttribute(TIMING_ATTRIBUTE);
    if (timing == null) {
      // filter not installed (e.g. a bare MockMvc): time anyway, nothing will record it
      timing = RequestTiming.startNow();
    } else {
      request.setAttribute(OPERATION_ATTRIBUTE, operation);
    }
    timing.entered();
    return new RequestContext(timing, caller(request), operation);
  }

  /** Records the request under another operation than its handler declares. */
  static void relabel(final ServletRequest request, final String operation) {
    if (request.getAttribute(TIMING_ATTRIBUTE) != null) {
      request.setAttribute(OPERATION_ATTRIBUTE, operation);
    }
  }

  /** The request's authenticated caller; the anonymous one when the API is unprotected. */
  private static Caller caller(final ServletRequest request) {
    return request.getAttribute(CALLER_ATTRIBUTE) instanceof Caller caller
        ? caller
        : Caller.ANONYMOUS;
  }
}
