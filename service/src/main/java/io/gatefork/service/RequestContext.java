package io.gatefork.service;

import io.gatefork.service.auth.Caller;
import io.gatefork.service.stage.RequestTiming;
import java.util.Objects;

/**
 * What travels with every service call besides its input: the stage timing and the authenticated
 * caller, whose identity goes to the broker with every command ({@link Caller#authorization()}).
 */
public record RequestContext(RequestTiming timing, Caller caller) {

  public RequestContext {
    Objects.requireNonNull(timing, "timing");
    Objects.requireNonNull(caller, "caller");
  }

  /** The anonymous caller (unprotected API). */
  public RequestContext(final RequestTiming timing) {
    this(timing, Caller.ANONYMOUS);
  }

  public static RequestContext create() {
    return new RequestContext(RequestTiming.startNow());
  }
}
