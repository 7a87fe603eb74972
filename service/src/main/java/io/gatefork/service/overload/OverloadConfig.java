package io.gatefork.service.overload;

import java.time.Duration;
import java.util.Objects;

/**
 * The adaptive limit's settings. Every value is required: the defaults live with the configuration
 * keys in {@code dist} ({@code gatefork.overload.*}), not here.
 *
 * @param algorithm how the limit is learned
 * @param initialLimit requests in flight allowed at start, until latency says otherwise
 * @param minLimit the limit never goes below this
 * @param maxLimit the limit never goes above this
 * @param latencyThreshold age: the average time in flight above which requests are shed; AIMD: a
 *     sample longer than this shrinks the limit
 * @param waitThreshold age: a request that waited longer than this in the gateway before it asked
 *     is shed; zero: the latency threshold (the limiter's rule for an unset wait)
 * @param window zero: every answer is a sample; else the shortest window of answers whose average
 *     latency is one sample (at least 100 ms; a window lasts twice its fastest answer, up to 1 s or
 *     this)
 * @param partitionBy how the limit is shared among callers
 * @param cpuTarget the share of the process's CPU quota above which, while requests are shed, fewer
 *     are admitted ({@link CpuHeadroom}); 0: no such bound
 */
public record OverloadConfig(
    LimitAlgorithm algorithm,
    int initialLimit,
    int minLimit,
    int maxLimit,
    Duration latencyThreshold,
    Duration waitThreshold,
    Duration window,
    CallerPartition partitionBy,
    double cpuTarget) {
  /** concurrency-limits' WindowedLimit takes no shorter window. */
  public static final Duration MIN_WINDOW = Duration.ofMillis(100);

  public OverloadConfig {
    Objects.requireNonNull(algorithm, "overload algorithm");
    Objects.requireNonNull(latencyThreshold, "overload latencyThreshold");
    Objects.requireNonNull(waitThreshold, "overload waitThreshold");
    Objects.requireNonNull(window, "overload window");
    Objects.requireNonNull(partitionBy, "overload partitionBy");
    if (!window.isZero() && window.compareTo(MIN_WINDOW) < 0) {
      throw new IllegalArgumentException(
          "overload window must be 0 (every answer a sample) or at least 100ms, but was " + window);
    }
    if (latencyThreshold.isNegative() || latencyThreshold.isZero()) {
      throw new IllegalArgumentException(
          "overload latencyThreshold must be positive, but was " + latencyThreshold);
    }
    if (waitThreshold.isNegative()) {
      throw new IllegalArgumentException(
          "overload waitThreshold must be 0 (the latency threshold) or positive, but was "
              + waitThreshold);
    }
    if (cpuTarget != 0 && !(cpuTarget >= 0.5 && cpuTarget <= 1)) {
      throw new IllegalArgumentException(
          "overload cpuTarget must be 0 (none) or between 0.5 and 1, but was " + cpuTarget);
    }
    if (minLimit < 1) {
      throw new IllegalArgumentException("overload minLimit must be >= 1, but was " + minLimit);
    }
    if (maxLimit < minLimit) {
      throw new IllegalArgumentException(
          "overload maxLimit (" + maxLimit + ") must not be below minLimit (" + minLimit + ")");
    }
    if (initialLimit < minLimit || initialLimit > maxLimit) {
      throw new IllegalArgumentException(
          "overload initialLimit ("
              + initialLimit
              + ") must lie between minLimit ("
              + minLimit
              + ") and maxLimit ("
              + maxLimit
              + ")");
    }
  }
}
