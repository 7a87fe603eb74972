package io.gatefork.service.job;

import java.time.Duration;
import java.util.Objects;

/**
 * How REST job activations wait for jobs. Every value is required: the defaults live with the
 * configuration keys in {@code dist} ({@code gatefork.jobs.*}), not here.
 *
 * @param mode poll (stock long polling) or stream (served from gateway-held job streams)
 * @param streamIdleTimeout how long a job stream stays open without any activation using it
 * @param streamHoldTimeout how long a job pushed while no activation waits is kept for the next one
 *     before it goes back to the broker (zero: at once)
 */
public record RestActivationConfig(
    RestActivationMode mode, Duration streamIdleTimeout, Duration streamHoldTimeout) {

  public RestActivationConfig {
    Objects.requireNonNull(mode, "REST activation mode");
    Objects.requireNonNull(streamIdleTimeout, "Job stream idle timeout");
    if (streamIdleTimeout.isNegative() || streamIdleTimeout.isZero()) {
      throw new IllegalArgumentException(
          "Job stream idle timeout must be > 0, but was " + streamIdleTimeout);
    }
    Objects.requireNonNull(streamHoldTimeout, "Job stream hold timeout");
    if (streamHoldTimeout.isNegative()) {
      throw new IllegalArgumentException(
          "Job stream hold timeout must be >= 0, but was " + streamHoldTimeout);
    }
  }
}
