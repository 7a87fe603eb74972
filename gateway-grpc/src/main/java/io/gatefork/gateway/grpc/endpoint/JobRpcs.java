package io.gatefork.gateway.grpc.endpoint;

import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.absentIfEmpty;
import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.command;
import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.jobResult;
import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.operationReference;
import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.variables;
import static io.gatefork.gateway.grpc.endpoint.RpcShapes.started;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutResponse;
import io.gatefork.gateway.grpc.error.GrpcStatusMapper;
import io.gatefork.service.job.JobServices;
import io.gatefork.service.job.JobStreamServices;
import io.gatefork.service.job.OpenJobStream;
import io.gatefork.service.job.ThrowJobError;
import io.gatefork.service.job.WatchesCaller;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The job RPCs of the {@code Gateway} service: activation by long poll, job streams, and the
 * commands on one job: rows of the {@link GatewayEndpoint}'s table.
 */
final class JobRpcs {
  private static final CompleteJobResponse COMPLETED = CompleteJobResponse.getDefaultInstance();
  private static final FailJobResponse FAILED = FailJobResponse.getDefaultInstance();
  private static final ThrowErrorResponse ERROR_THROWN = ThrowErrorResponse.getDefaultInstance();
  private static final UpdateJobRetriesResponse RETRIES_UPDATED =
      UpdateJobRetriesResponse.getDefaultInstance();
  private static final UpdateJobTimeoutResponse TIMEOUT_UPDATED =
      UpdateJobTimeoutResponse.getDefaultInstance();

  private final JobServices jobs;
  private final JobStreamServices streams;
  private final ActivatedJobsWriter activatedJobsWriter;
  private final Set<OpenStream> openStreams = ConcurrentHashMap.newKeySet();

  JobRpcs(final GatewayServices services, final int maxMessageSize) {
    jobs = services.jobs();
    streams = services.jobStreams();
    activatedJobsWriter = new ActivatedJobsWriter(maxMessageSize);
  }

  /** The job RPCs' rows, by name. */
  void bindTo(final RpcTable rpcs) {
    rpcs.answeredBy(GatewayGrpc.getActivateJobsMethod(), this::activateJobs);
    rpcs.unary(
        GatewayGrpc.getCompleteJobMethod(),
        GatewayRequestValidator::completeJob,
        (context, r) ->
            jobs.complete(context, r.getJobKey(), variables(r.getVariables()), jobResult(r)),
        ignored -> COMPLETED);
    rpcs.unary(
        GatewayGrpc.getFailJobMethod(),
        (context, r) ->
            jobs.fail(
                context,
                r.getJobKey(),
                r.getRetries(),
                absentIfEmpty(r.getErrorMessage()),
                r.getRetryBackOff(),
                variables(r.getVariables())),
        ignored -> FAILED);
    rpcs.answeredBy(GatewayGrpc.getStreamActivatedJobsMethod(), this::streamActivatedJobs);
    rpcs.unary(
        GatewayGrpc.getThrowErrorMethod(),
        (context, r) ->
            jobs.throwError(
                context,
                new ThrowJobError(
                    r.getJobKey(),
                    r.getErrorCode(),
                    absentIfEmpty(r.getErrorMessage()),
                    variables(r.getVariables()))),
        ignored -> ERROR_THROWN);
    rpcs.unary(
        GatewayGrpc.getUpdateJobRetriesMethod(),
        (context, r) ->
            jobs.updateRetries(context, r.getJobKey(), r.getRetries(), operationReference(r)),
        ignored -> RETRIES_UPDATED);
    rpcs.unary(
        GatewayGrpc.getUpdateJobTimeoutMethod(),
        (context, r) ->
            jobs.updateTimeout(context, r.getJobKey(), r.getTimeout(), operationReference(r)),
        ignored -> TIMEOUT_UPDATED);
  }

  /**
   * Long polling happens inside the service: its future stays open, holding no thread, until jobs
   * arrive or the request timeout passes. A client that goes away cancels that future so the
   * service can drop the poll instead of activating jobs nobody will receive.
   */
  private void activateJobs(
      final ActivateJobsRequest request, final StreamObserver<ActivateJobsResponse> observer) {
    final var activation =
        started(
            request,
            observer,
            GatewayRequestValidator::activateJobs,
            (context, r) -> jobs.activate(context, command(r)));
    if (activation == null) {
      return;
    }
    if (observer instanceof final ServerCallStreamObserver<ActivateJobsResponse> call) {
      call.setOnCancelHandler(() -> activation.cancel(false));
    }
    activation.whenComplete(
        (jobs, failure) -> {
          final boolean written =
              activatedJobsWriter.write(
                  jobs,
                  failure == null
                      ? null
                      : GrpcStatusMapper.toException(
                          GrpcStatusMapper.toStatus(Replies.rpc(request), failure)),
                  observer);
          if (!written && activation instanceof final WatchesCaller watched) {
            watched.answerUndelivered(); // the client cancelled: its jobs go back at once
          }
        });
  }

  /**
   * A long-lived stream: jobs are pushed as brokers activate them, until the client cancels.
   * Registered before this returns, so a client that cancels at once still removes its stream.
   */
  private void streamActivatedJobs(
      final StreamActivatedJobsRequest request, final StreamObserver<ActivatedJob> observer) {
    if (!(observer instanceof final ServerCallStreamObserver<ActivatedJob> call)) {
      Replies.fail(observer, Status.INTERNAL.withDescription("Not a server call"));
      return;
    }
    final var writer = new ActivatedJobStreamWriter(call);
    final OpenJobStream stream =
        started(
            request,
            observer,
            GatewayRequestValidator::streamActivatedJobs,
            (context, r) -> streams.open(context, command(r), writer));
    if (stream == null) {
      return;
    }
    final var open = new OpenStream(stream, writer);
    openStreams.add(open);
    call.setOnCancelHandler(() -> close(open, null));
    stream
        .registered()
        .whenComplete(
            (ok, failure) -> {
              if (failure != null) {
                close(open, GrpcStatusMapper.toStatus(Replies.rpc(request), failure));
              }
            });
  }

  /** Ends every open job stream with {@code status}. */
  void closeStreams(final Status status) {
    for (final OpenStream open : openStreams) {
      close(open, status);
    }
  }

  private void close(final OpenStream open, final Status status) {
    openStreams.remove(open);
    open.stream().close();
    if (status != null) {
      open.writer().end(status);
    }
  }

  /** A job stream and the call it writes to. */
  private record OpenStream(OpenJobStream stream, ActivatedJobStreamWriter writer) {}
}
