package io.gatefork.gateway.rest.config;

import io.gatefork.service.operation.EdgeConcern;
import org.springframework.boot.autoconfigure.security.SecurityProperties;
import org.springframework.core.Ordered;

/**
 * The orders of gatefork's servlet filters in front of the REST API: {@link EdgeConcern}'s order,
 * the one gRPC's interceptors follow too, in Spring's numbers.
 */
public final class RestFilterOrder {
  /** Stage timing: first of all, so that every later stage is timed. */
  public static final int STAGE_TIMING = of(EdgeConcern.TIMING);

  /** The {@code http.server.requests} meter, where Spring Boot puts its observation filter. */
  public static final int SERVER_REQUESTS_METRICS = of(EdgeConcern.SERVER_METRICS);

  /** The request body's bounds (size, time, waiting requests). */
  public static final int BODY_GUARD = of(EdgeConcern.BODY_BOUNDS);

  /** Admission: as early as a request's operation is known. */
  public static final int ADMISSION = of(EdgeConcern.ADMISSION);

  /**
   * Spring Security's filter chain ({@link EdgeConcern#AUTHENTICATION}), at the place Spring Boot
   * gives it, which is after all of the above.
   */
  public static final int SECURITY = SecurityProperties.DEFAULT_FILTER_ORDER;

  private RestFilterOrder() {}

  /** The filter order of a concern that runs ahead of Spring Security. */
  static int of(final EdgeConcern concern) {
    return Ordered.HIGHEST_PRECEDENCE + concern.ordinal();
  }
}
