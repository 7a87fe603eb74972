package io.gatefork.service.overload;

/** How the limit is shared among callers ({@code gatefork.overload.partition-by}). */
public enum CallerPartition {
  /**
   * By the client's IP address: at the limit, a caller with fewer requests in flight than the
   * average caller is still admitted, so one caller's storm takes only what the others leave.
   */
  REMOTE_ADDRESS,
  /** One limit for all requests: whoever asks first when a place frees gets it. */
  NONE
}
