package io.gatefork.service.executor;

import java.util.Locale;

/**
 * Where broker responses are handled. Property {@code gatefork.api.executor-strategy}; the two
 * alternatives to {@link #DEDICATED} exist to measure against and to roll back to.
 */
public enum ApiExecutorStrategy {
  /** A bounded pool sized from the CPU quota, with caller-runs backpressure (our default). */
  DEDICATED("dedicated"),
  /** The stock 8.8 behaviour: {@code handleAsync} without an executor (the common pool). */
  COMMON_POOL("common-pool"),
  /** Handle on the transport thread that completed the response; no hop at all. */
  DIRECT("direct");

  private final String propertyValue;

  ApiExecutorStrategy(final String propertyValue) {
    this.propertyValue = propertyValue;
  }

  /** The value as written in configuration, e.g. {@code common-pool}. */
  public String propertyValue() {
    return propertyValue;
  }

  /** Accepts {@code common-pool}, {@code common_pool} and {@code COMMON_POOL} alike. */
  public static ApiExecutorStrategy fromProperty(final String value) {
    if (value == null || value.isBlank()) {
      return DEDICATED;
    }
    final String normalized = value.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    for (final ApiExecutorStrategy strategy : values()) {
      if (strategy.propertyValue.equals(normalized)) {
        return strategy;
      }
    }
    throw new IllegalArgumentException(
        "Unknown API executor strategy '" + value + "'; expected one of dedicated, common-pool, "
            + "direct");
  }
}
