package io.gatefork.service.overload;

import io.gatefork.service.operation.Api;
import io.gatefork.service.operation.Operation;

/**
 * Admission at the gateway's edge: each request of an operation asks for a {@link Permit} before
 * its body is read and before any broker work; without one it is answered at once with the stock
 * backpressure answer (REST 503 {@code RESOURCE_EXHAUSTED}, gRPC {@code RESOURCE_EXHAUSTED}). One
 * admission serves both APIs: they share the gateway's CPU.
 *
 * <p>Implementations: {@link #OFF} (everything admitted, stock behaviour) and {@link
 * AdaptiveAdmission} (a concurrency limit learned from latency, shared among callers, its shed
 * answers paced).
 */
public interface Admission {
  /** Admits everything and counts nothing ({@code gatefork.overload.limit=off}). */
  Admission OFF = (api, operation, caller, waitedNanos) -> Permit.NONE;

  /**
   * @param api the front end, for the shed meter
   * @param operation the request's operation, admitted by its {@link Operation#admission()}
   * @param caller who asks (the remote address, or a verified identity), when {@link
   *     #sharesByCaller()}; else null
   * @param waitedNanos how long the request waited in the server before it asked (0: unknown)
   * @return the request's permit, or null when it must be shed
   */
  Permit admit(Api api, Operation operation, String caller, long waitedNanos);

  /** {@link #admit(Api, Operation, String, long)} for a caller not told apart, no wait known. */
  default Permit admit(final Api api, final Operation operation) {
    return admit(api, operation, null, 0);
  }

  /** Whether the limit is shared among callers: then the edge names each request's caller. */
  default boolean sharesByCaller() {
    return false;
  }

  /**
   * Whether a caller is named by its verified identity where the edge knows one ({@link
   * CallerPartition#VERIFIED_CALLER}), else by its remote address.
   */
  default boolean namesVerifiedCallers() {
    return false;
  }

  /**
   * An admitted request's place among those in flight, given back when its answer is ready to go
   * out (REST: handed to the writer, or the response completed; gRPC: the call closed): its time to
   * there is the latency the limit learns from. How fast the client then reads is its own affair —
   * a client that does not read holds its connection, not a place. Only the first of the calls
   * below counts, so the edges may give a permit back from each place that can end a request.
   */
  interface Permit {
    /** For requests nothing counts: bypassed operations, admission off. */
    Permit NONE =
        new Permit() {
          @Override
          public void answered() {}

          @Override
          public void overloaded() {}

          @Override
          public void ignored() {}
        };

    /** Answered by the broker (a result, a rejection, not found ...): a latency sample. */
    void answered();

    /** Timed out: the gateway (or what it waits for) is too slow. */
    void overloaded();

    /**
     * No latency to learn from: answered before any broker work (bad input, refused caller), the
     * broker's own backpressure or absence (the broker sheds; its fast answer says nothing of the
     * gateway), or the request went on to wait rather than work (an instance awaited to its end).
     */
    void ignored();
  }
}
