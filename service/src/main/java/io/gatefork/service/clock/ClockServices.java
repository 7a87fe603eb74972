package io.gatefork.service.clock;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

/**
 * The engine's clock, for tests of timer-driven processes: pinned to a fixed instant or back to
 * system time ({@code CLOCK} records on the deployment partition, which distributes them). Only a
 * broker with a controllable clock accepts these commands.
 */
public interface ClockServices {

  /** {@code CLOCK.PIN}: the broker answers {@code PINNED}. */
  CompletableFuture<Void> pin(RequestContext context, long epochMillis);

  /** {@code CLOCK.RESET}: the broker answers {@code RESETTED}. */
  CompletableFuture<Void> reset(RequestContext context);
}
