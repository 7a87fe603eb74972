package io.gatefork.gateway.grpc.endpoint;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.job.JobStreamObserver;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;

/**
 * Writes pushed jobs to one {@code StreamActivatedJobs} call. gRPC flow control is the
 * backpressure: while the call is not ready (the client does not read), jobs are refused, which
 * makes the broker yield them back instead of piling them up here.
 *
 * <p>Jobs arrive on the API executor, possibly on several threads; the observer is not thread safe,
 * so writing and failing the call are serialised here.
 */
final class ActivatedJobStreamWriter implements JobStreamObserver {
  // an expected outcome, not a bug: shared, without a stack trace
  private static final ServiceException CALL_ENDED =
      new ServiceException(
          ServiceStatus.UNAVAILABLE,
          "Expected to push a job to the client, but its call has ended");

  private final ServerCallStreamObserver<GatewayOuterClass.ActivatedJob> call;
  private boolean ended; // guarded by this

  ActivatedJobStreamWriter(final ServerCallStreamObserver<GatewayOuterClass.ActivatedJob> call) {
    this.call = call;
  }

  @Override
  public boolean isReady() {
    return call.isReady() && !call.isCancelled();
  }

  @Override
  public void onJob(final ActivatedJob job) {
    final GatewayOuterClass.ActivatedJob message = GatewayResponseMapper.activatedJob(job);
    synchronized (this) {
      // onNext on a cancelled call is silently dropped: the job would be lost until its deadline
      if (ended || call.isCancelled()) {
        throw CALL_ENDED;
      }
      call.onNext(message);
    }
  }

  /** Ends the call with this status; later jobs are refused. Idempotent. */
  synchronized void end(final Status status) {
    if (ended) {
      return;
    }
    ended = true;
    if (!call.isCancelled()) {
      Replies.fail(call, status);
    }
  }
}
