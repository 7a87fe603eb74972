package io.gatefork.service.overload;

/** How the limit is shared among callers ({@code gatefork.overload.partition-by}). */
public enum CallerPartition {
  /**
   * As {@link #REMOTE_ADDRESS}, but a request whose credential the gateway has verified before (it
   * is in the credentials cache) is the authenticated client (its username or client id), wherever
   * it connects from. Only a verified credential names a caller: one not yet verified, wrong or
   * made up is its remote address, so a client cannot choose the caller it counts as.
   */
  VERIFIED_CALLER,
  /**
   * By the client's IP address: at the limit, a caller that sent fewer requests than the average
   * caller in the last second is still admitted, so one caller's storm does not starve the others.
   */
  REMOTE_ADDRESS,
  /** One limit for all requests: whoever asks first when a place frees gets it. */
  NONE
}
