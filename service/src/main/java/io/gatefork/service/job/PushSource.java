package io.gatefork.service.job;

import io.gatefork.broker.client.topology.BrokerTopology;
import io.gatefork.service.auth.Caller;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Where a long-polling request may get jobs from besides its walks over the partitions: a job
 * stream the brokers push to (REST in stream mode), or {@link #NONE}. {@link LongPollingJobs} tells
 * it each step of a request that waits; the request stays owned by long polling until the source
 * {@link WaitingActivation#claim claims} it.
 */
interface PushSource {

  /** Plain long polling: nothing is pushed, every step is a no-op. */
  PushSource NONE = new PushSource() {};

  /** Plain long polling's provider: no request waits on a push source. */
  Provider NO_PUSHES = (type, command, tenantIds, caller) -> NONE;

  /** Gives each request that may wait its push source, opened before the request's first walk. */
  @FunctionalInterface
  interface Provider {
    PushSource forRequest(String type, ActivateJobs command, List<String> tenantIds, Caller caller);
  }

  /** The request uses this source until {@code answer} completes. */
  default void usedUntil(final CompletableFuture<?> answer) {}

  /** Whether pushed jobs are held for the next request. */
  default boolean hasHeld() {
    return false;
  }

  /**
   * Answers a request starting its walk with held jobs.
   *
   * @return false when nothing was held: the request walks as usual
   */
  default boolean answerFromHeld(final WaitingActivation request) {
    return false;
  }

  /** True when the walk may be skipped: new jobs of the type would be pushed, not found. */
  default boolean skipsWalk(final BrokerTopology topology, final long generation) {
    return false;
  }

  /** The walk at this topology and notification generation asked every partition, found nothing. */
  default void walkedEmpty(final BrokerTopology topology, final long generation) {}

  /**
   * A request parked: it now waits for a push too.
   *
   * @return its place, given back to {@link #dequeue}
   */
  default long enqueue(final WaitingActivation request) {
    return 0;
  }

  /** A request left its parked set (taken by anyone): it waits for no push any more. */
  default void dequeue(final WaitingActivation request, final long place) {}

  /** After a request parked: hands it what was held while it walked. */
  default void handHeldToWaiting() {}

  /** A waiting request's deadline passed. */
  default void deadlinePassed() {}

  /** Jobs a walk found went back to the broker: the caller had gone. */
  default void handedBack(final int jobs) {}
}
