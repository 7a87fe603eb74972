package io.gatefork.gateway.rest.stage;

import io.gatefork.gateway.rest.exchange.RestExchange;
import io.gatefork.service.RequestContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.operation.AdmissionPolicy;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.overload.Admission.Permit;
import io.gatefork.service.stage.RequestTiming;
import jakarta.servlet.ServletRequest;

/**
 * A REST request's stage timing and admission permit on their way through its {@link RestExchange}:
 * {@link StageTimingFilter} starts the timing, the security filter sets the caller, the handler's
 * {@link RequestContextArgumentResolver} names the operation the filter records it under, and the
 * answer writer gives the permit back.
 */
public final class RequestStages {
  private RequestStages() {}

  /** Marks the handler entered under its operation and returns the context for the service. */
  static RequestContext enter(final ServletRequest request, final Operation operation) {
    final RestExchange exchange = RestExchange.of(request);
    RequestTiming timing = exchange.timing();
    if (timing == null) {
      // filter not installed (e.g. a bare MockMvc): time anyway, nothing will record it
      timing = RequestTiming.startNow();
    } else {
      exchange.operation(operation);
    }
    timing.entered();
    final Caller caller = exchange.caller();
    return new RequestContext(
        timing, caller == null ? Caller.ANONYMOUS : caller, operation, request.getRemoteAddr());
  }

  /**
   * Records the request under another operation than its handler declares; one that turns out to
   * wait rather than work (awaiting a process instance's end) stops counting in flight.
   */
  static void relabel(final ServletRequest request, final Operation operation) {
    final RestExchange exchange = RestExchange.of(request);
    if (exchange.timing() != null) {
      exchange.operation(operation);
    }
    if (operation.admission() != AdmissionPolicy.LIMITED) {
      final Permit permit = exchange.takePermit();
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
    final RestExchange exchange = RestExchange.find(request);
    return exchange == null ? null : exchange.takePermit();
  }
}
