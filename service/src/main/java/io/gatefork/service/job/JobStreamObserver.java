package io.gatefork.service.job;

/**
 * Where a job stream delivers its jobs: the client's side of the stream. Called on the API
 * executor, one job at a time per stream, never on a transport thread.
 */
public interface JobStreamObserver {

  /**
   * Whether the client can take a job now (e.g. gRPC flow control has room). When not, the job is
   * refused and the broker yields it back, so it is neither lost nor stuck until its deadline.
   */
  boolean isReady();

  /**
   * Hands one job to the client. Throwing means it did not reach the client: the job is refused and
   * yielded back, as when not ready.
   */
  void onJob(ActivatedJob job);
}
