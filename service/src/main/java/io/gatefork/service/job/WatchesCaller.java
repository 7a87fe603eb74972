package io.gatefork.service.job;

/**
 * Implemented by the future of a job activation that waits for pushed jobs: the front end hands it
 * the caller's connection once the request waits asynchronously, so that a job pushed for a caller
 * that has gone is given to the next waiting request, or back to the broker, instead of being
 * written to a dead connection (and staying locked until its timeout).
 */
public interface WatchesCaller {

  /** Any thread, at most once; until then the caller counts as connected. */
  void watchCaller(CallerConnection connection);
}
