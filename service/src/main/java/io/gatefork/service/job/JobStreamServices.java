package io.gatefork.service.job;

import io.gatefork.service.RequestContext;

/**
 * Job push (gRPC {@code StreamActivatedJobs}): brokers push each newly activatable job of the
 * stream's type to one open stream, instead of waiting for an activation poll.
 */
public interface JobStreamServices {

  /**
   * Opens a stream. Never throws for bad input: the returned stream's {@link
   * OpenJobStream#registered()} fails instead.
   *
   * @param context the call's context (later: the caller, whose claims go with the stream)
   * @param observer receives the pushed jobs until the stream is closed
   */
  OpenJobStream open(RequestContext context, StreamJobs command, JobStreamObserver observer);
}
