package io.gatefork.service;

import io.gatefork.service.auth.Caller;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestTiming;
import java.util.Objects;

/**
 * What travels with every service call besides its input: the stage timing, the authenticated
 * caller, whose identity goes to the broker with every command ({@link Caller#authorization()}),
 * and the operation being handled.
 *
 * @param operation the operation being handled, which front ends also use to word their answers
 *     (REST's tenant checks name it); both front ends set it, null only where no front end does (a
 *     service called directly, as in tests)
 */
public record RequestContext(RequestTiming timing, Caller caller, Operation operation) {

  public RequestContext {
    Objects.requireNonNull(timing, "timing");
    Objects.requireNonNull(caller, "caller");
  }

  /** An unnamed operation. */
  public RequestContext(final RequestTiming timing, final Caller caller) {
    this(timing, caller, null);
  }

  /** The anonymous caller (unprotected API), an unnamed operation. */
  public RequestContext(final RequestTiming timing) {
    this(timing, Caller.ANONYMOUS);
  }

  public static RequestContext create() {
    return new RequestContext(RequestTiming.startNow());
  }

  /** The same request (timing and caller) handled as another operation. */
  public RequestContext withOperation(final Operation operation) {
    return new RequestContext(timing, caller, operation);
  }
}
