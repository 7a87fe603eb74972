package io.gatefork.service.executor;

/**
 * Where broker responses are handled. Property {@code gatefork.api.executor-strategy} (written
 * {@code dedicated}, {@code common-pool}, {@code direct}; Spring binds the names leniently); the
 * two alternatives to {@link #DEDICATED} exist to measure against and to roll back to.
 */
public enum ApiExecutorStrategy {
  /** A bounded pool sized from the CPU quota, with caller-runs backpressure. */
  DEDICATED,
  /** The stock 8.8 behaviour: {@code handleAsync} without an executor (the common pool). */
  COMMON_POOL,
  /** Handle on the transport thread that completed the response; no hop at all. */
  DIRECT
}
