package io.gatefork.service.stage;

import io.gatefork.service.operation.Api;

/**
 * Starts the trace span of one API request. Present only when tracing is switched on; without it
 * the front ends do nothing per request beyond one null check.
 */
public interface RequestTracer {

  /**
   * Starts the request's server span at the moment its timing was accepted, continuing the caller's
   * trace when the request carries W3C {@code traceparent}/{@code tracestate}.
   *
   * @param headers the request's headers, as the front end has them
   * @param reader reads one header of {@code headers}; null when absent
   */
  <H> RequestSpan start(Api api, RequestTiming timing, H headers, HeaderReader<H> reader);

  /** Reads one header of a request. */
  @FunctionalInterface
  interface HeaderReader<H> {
    String get(H headers, String name);
  }
}
