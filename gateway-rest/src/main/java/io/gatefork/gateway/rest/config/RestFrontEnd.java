package io.gatefork.gateway.rest.config;

/**
 * How REST requests pass through Tomcat, Spring Security and Spring MVC ({@code
 * gatefork.rest.front-end}).
 */
public enum RestFrontEnd {
  /**
   * One servlet pass per request: an answer that arrives later is written by the thread that
   * completes it instead of a second (ASYNC) dispatch through the filters and the
   * DispatcherServlet; Spring Security runs on the REQUEST dispatch only, without the
   * handler-lookup cache filter it adds for MVC matchers (gatefork has none), and with only the
   * filters the authentication mode needs; no request-handled events.
   */
  LEAN,
  /** As Spring Boot sets it up by default: the baseline for A/B runs, and the rollback. */
  STOCK
}
