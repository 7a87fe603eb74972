package io.gatefork.gateway.rest.stage;

import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.stage.RequestTiming;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The controllers' side of the stage timing: on entry they name their operation (the {@code
 * operation} tag) and get the {@link RequestContext} carrying the timing that {@link
 * StageTimingFilter} started and the caller the security filter authenticated.
 */
public final class RequestStages {
  static final String TIMING_ATTRIBUTE = RequestStages.class.getName() + ".timing";
  static final String OPERATION_ATTRIBUTE = RequestStages.class.getName() + ".operation";
  /** The authenticated {@link Caller}, set by the security filter; absent means anonymous. */
  public static final String CALLER_ATTRIBUTE = RequestStages.class.getName() + ".caller";

  private RequestStages() {}

  /** The request's authenticated caller; the anonymous one when the API is unprotected. */
  public static Caller caller(final HttpServletRequest request) {
    return request.getAttribute(CALLER_ATTRIBUTE) instanceof Caller caller
        ? caller : Caller.ANONYMOUS;
  }

  /**
   * The stock name of the operation being handled, as upstream's messages use it: {@code
   * create-process-instance} becomes {@code Create Process Instance}.
   */
  public static String commandName(final HttpServletRequest request) {
    if (!(request.getAttribute(OPERATION_ATTRIBUTE) instanceof String operation)) {
      return request.getRequestURI();
    }
    final var name = new StringBuilder(operation.length());
    boolean wordStart = true;
    for (int i = 0; i < operation.length(); i++) {
      final char c = operation.charAt(i);
      if (c == '-') {
        name.append(' ');
        wordStart = true;
      } else {
        name.append(wordStart ? Character.toUpperCase(c) : c);
        wordStart = false;
      }
    }
    return name.toString();
  }

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
    return new RequestContext(timing, caller(request));
  }
}
