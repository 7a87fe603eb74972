package io.gatefork.gateway.rest.config;

import org.springframework.boot.autoconfigure.security.SecurityProperties;
import org.springframework.core.Ordered;

/**
 * The order of gatefork's servlet filters in front of the REST API, all in one place: what runs
 * first sees (and times, counts, sheds) everything after it.
 */
public final class RestFilterOrder {
  /** Stage timing: first of all, so that every later stage is timed. */
  public static final int STAGE_TIMING = Ordered.HIGHEST_PRECEDENCE;

  /** The {@code http.server.requests} meter, where Spring Boot puts its observation filter. */
  public static final int SERVER_REQUESTS_METRICS = STAGE_TIMING + 1;

  /**
   * The request body's bounds (size, time, waiting requests): after the meter, so refused bodies
   * are counted, and before everything that might read a body or answer without reading it.
   */
  public static final int BODY_GUARD = SERVER_REQUESTS_METRICS + 1;

  /**
   * Admission: as early as a request's operation is known, after the meter (so shed requests are
   * counted there too) and before security, Spring MVC and the body.
   */
  public static final int ADMISSION = BODY_GUARD + 1;

  /** Spring Security's filter chain, at the place Spring Boot gives it. */
  public static final int SECURITY = SecurityProperties.DEFAULT_FILTER_ORDER;

  private RestFilterOrder() {}
}
