package io.gatefork.service.error;

/** Protocol-neutral outcome of a failed call; REST and gRPC map it at their edges. */
public enum ServiceStatus {
  INVALID_ARGUMENT,
  NOT_FOUND,
  ALREADY_EXISTS,
  INVALID_STATE,
  UNAUTHORIZED,
  FORBIDDEN,
  RESOURCE_EXHAUSTED,
  UNAVAILABLE,
  DEADLINE_EXCEEDED,
  ABORTED,
  INTERNAL,
  UNKNOWN
}
