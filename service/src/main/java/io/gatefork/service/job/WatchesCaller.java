package io.gatefork.service.job;

/**
 * Implemented by the future of a job activation that may wait: the front end hands it the caller's
 * connection once the request waits asynchronously, so that jobs for a caller that has gone are
 * given to the next waiting request, or back to the broker, instead of being written to a dead
 * connection (and staying locked until their timeout).
 */
public interface WatchesCaller {

  /** Any thread, at most once; until then the caller counts as connected. */
  void watchCaller(CallerConnection connection);

  /**
   * The front end could not write the answer this future completed with (its caller had gone): the
   * jobs in it go back to the broker at once. Any thread; only the first call counts.
   */
  void answerUndelivered();
}
