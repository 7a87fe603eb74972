package io.gatefork.service.operation;

/**
 * The cross-cutting concerns a request passes at the gateway's edge, in the order it passes them,
 * for both APIs: REST's servlet filters ({@code RestFilterOrder}) and gRPC's interceptors ({@code
 * GrpcGatewayServer}) are placed by this order alone. What runs first sees, times, counts or sheds
 * everything after it. A concern one API has no use for is skipped there, never reordered.
 */
public enum EdgeConcern {
  /** Stage timing and the request's span: first, so that every later stage is timed and traced. */
  TIMING,
  /** The server's request meter: after timing, before everything that may refuse a request. */
  SERVER_METRICS,
  /**
   * The request body's bounds (size, time, waiting requests), before anything reads a body or
   * answers without reading it. REST only: gRPC's inbound message limit is the server's own.
   */
  BODY_BOUNDS,
  /** Admission: before authentication, so that a shed request costs the least. */
  ADMISSION,
  /** Authentication and the caller's identity: last, just before the endpoint. */
  AUTHENTICATION
}
