package io.gatefork.gateway.grpc.endpoint;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.gatefork.gateway.grpc.error.GrpcStatusMapper;
import io.gatefork.service.job.ActivatedJob;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.List;

/**
 * Streams an activation's jobs and completes the call. Usually one {@link ActivateJobsResponse}
 * carries all jobs; when they would exceed the maximum message size they are split over several
 * responses, as the stock gateway does, so clients with the default inbound limit can read them. No
 * jobs (long poll timed out): the stream completes without a message, as with the stock gateway.
 */
final class ActivatedJobsWriter {
  // tag + length prefix of one repeated message field, upper bound
  private static final int FIELD_OVERHEAD = 6;

  private final int maxMessageSize;

  ActivatedJobsWriter(final int maxMessageSize) {
    this.maxMessageSize = maxMessageSize;
  }

  /**
   * @return false when nothing was written: the client had cancelled the call (its jobs are then
   *     for the caller to give back)
   */
  boolean write(
      final List<ActivatedJob> jobs,
      final Throwable failure,
      final StreamObserver<ActivateJobsResponse> observer) {
    if (isCancelled(observer)) {
      return false;
    }
    if (failure != null) {
      Replies.fail(observer, failure);
      return true;
    }
    final ActivateJobsResponse.Builder batch;
    try {
      batch = ActivateJobsResponse.newBuilder();
      int batchSize = 0;
      for (final ActivatedJob job : jobs) {
        final GatewayOuterClass.ActivatedJob message = GatewayResponseMapper.activatedJob(job);
        final int size = message.getSerializedSize() + FIELD_OVERHEAD;
        if (batchSize > 0 && batchSize + size > maxMessageSize) {
          observer.onNext(batch.build());
          batch.clear();
          batchSize = 0;
        }
        batch.addJobs(message);
        batchSize += size;
      }
    } catch (final RuntimeException e) {
      Replies.fail(observer, GrpcStatusMapper.toStatus(e));
      return true;
    }
    if (batch.getJobsCount() > 0) {
      observer.onNext(batch.build());
    }
    observer.onCompleted();
    return true;
  }

  private static boolean isCancelled(final StreamObserver<?> observer) {
    return observer instanceof final ServerCallStreamObserver<?> call && call.isCancelled();
  }
}
