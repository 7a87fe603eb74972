package io.gatefork.gateway.rest.stage;

import io.gatefork.service.RequestContext;
import io.gatefork.service.stage.RequestTiming;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The controllers' side of the stage timing: on entry they name their operation (the {@code
 * operation} tag) and get the {@link RequestContext} carrying the timing that {@link
 * StageTimingFilter} started.
 */
public final class RequestStages {
  static final String TIMING_ATTRIBUTE = RequestStages.class.getName() + ".timing";
  static final String OPERATION_ATTRIBUTE = RequestStages.class.getName() + ".operation";

  private RequestStages() {}

  /** Marks the controller entered and returns the context to pass to the service. */
  public static RequestContext enter(final HttpServletRequest request, final String operation) {
    RequestTiming timing = (RequestTiming) request.getAttribute(TIMING_ATTRIBUTE);
    if (timing == null) {
      // filter not installed (e.g. a bare MockMvc): time anyway, nothing will record it
      timing = RequestTiming.startNow();
    } else {
      request.setAttribute(OPERATION_ATTRIBUTE, operation);
    }
    timing.entered();
    return new RequestContext(timing);
  }
}
