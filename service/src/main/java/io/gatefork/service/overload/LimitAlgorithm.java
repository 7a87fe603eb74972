package io.gatefork.service.overload;

/** The algorithm that learns the limit ({@code gatefork.overload.algorithm}). */
public enum LimitAlgorithm {
  /**
   * By the age of what is in flight ({@link CallerFairLimiter}): a request is admitted while the
   * requests in flight have been in flight for less than the latency threshold on average (and
   * always while fewer than the minimum are), up to the maximum limit. Nothing is learned: the
   * bound is on time, so it holds whatever the CPU quota serves.
   */
  AGE,
  /**
   * AIMD, as the brokers' own backpressure uses it: the limit grows by one per sample while at
   * least half of it is in use, and shrinks by a tenth for every sample slower than the latency
   * threshold (or timed out).
   */
  AIMD,
  /**
   * Gradient2: the limit follows the ratio of the long-term to the short-term average latency
   * (tolerating 1.5×), plus a small queue.
   */
  GRADIENT2,
  /**
   * TCP Vegas: the limit grows while the estimated queue (limit × (1 − min latency / latency)) is
   * short and shrinks when it is long.
   */
  VEGAS
}
