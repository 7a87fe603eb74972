package io.gatefork.service;

import io.gatefork.service.auth.Caller;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.stage.RequestTiming;
import java.util.Objects;

/**
 * What travels with every service call besides its input: the stage timing, the authenticated
 * caller, whose identity goes to the broker with every command ({@link Caller#authorization()}),
 * the operation being handled and the client's address.
 *
 * @param operation the operation being handled, which front ends also use to word their answers
 *     (REST's tenant checks name it); both front ends set it, null only where no front end does (a
 *     service called directly, as in tests)
 * @param remoteAddress the IP address of the client's connection as the front end has it (REST's
 *     {@code getRemoteAddr()}, gRPC's transport address); null where the front end does not know it
 *     (in-process gRPC, a service called directly)
 */
public record RequestContext(
    RequestTiming timing, Caller caller, Operation operation, String remoteAddress) {

  /** The key of requests whose address nobody knows: they share one count. */
  static final String UNKNOWN_ADDRESS = "address:unknown";

  public RequestContext {
    Objects.requireNonNull(timing, "timing");
    Objects.requireNonNull(caller, "caller");
  }

  /** No known address. */
  public RequestContext(
      final RequestTiming timing, final Caller caller, final Operation operation) {
    this(timing, caller, operation, null);
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

  /** The same request (timing, caller and address) handled as another operation. */
  public RequestContext withOperation(final Operation operation) {
    return new RequestContext(timing, caller, operation, remoteAddress);
  }

  /**
   * Whom this request counts against where a limit is shared out by caller: the authenticated
   * client ({@link Caller#key()}), else the connection's address. Builds no string.
   */
  public String callerKey() {
    final String key = caller.key();
    if (key != null) {
      return key;
    }
    return remoteAddress != null ? remoteAddress : UNKNOWN_ADDRESS;
  }
}
