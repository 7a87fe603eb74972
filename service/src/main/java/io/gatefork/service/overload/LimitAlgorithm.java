package io.gatefork.service.overload;

/** The concurrency-limits algorithm that learns the limit ({@code gatefork.overload.algorithm}). */
public enum LimitAlgorithm {
  /**
   * AIMD, as the brokers' own backpressure uses it: the limit grows by one per answer while at
   * least half of it is in use, and shrinks by a tenth for every request slower than the latency
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
