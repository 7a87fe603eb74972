package io.gatefork.service.overload;

/** How the limit is shared among callers ({@code gatefork.overload.partition-by}). */
public enum CallerPartition {
  /**
   * By the client's IP address: at the limit, a caller that sent fewer requests than the average
   * caller in the last second is still admitted, so one caller's storm does not starve the others.
   */
  REMOTE_ADDRESS,
  /** One limit for all requests: whoever asks first when a place frees gets it. */
  NONE
}
