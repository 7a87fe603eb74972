package io.gatefork.service.job;

/**
 * Tells whether the caller of a waiting request is still connected, as far as the front end that
 * holds the connection can tell without writing to it.
 */
@FunctionalInterface
public interface CallerConnection {
  /** A connection nobody watches: the caller counts as there. */
  CallerConnection UNWATCHED = () -> false;

  /** True once the caller is known to be gone (closed or reset its connection). */
  boolean gone();
}
