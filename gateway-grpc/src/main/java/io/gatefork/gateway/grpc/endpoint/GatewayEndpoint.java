package io.gatefork.gateway.grpc.endpoint;

import com.google.protobuf.Message;
import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployProcessRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployProcessResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutResponse;
import io.gatefork.gateway.grpc.auth.CallerContext;
import io.gatefork.gateway.grpc.error.GrpcStatusMapper;
import io.gatefork.gateway.grpc.metrics.StageTimingContext;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.job.OpenJobStream;
import io.gatefork.service.job.ThrowJobError;
import io.gatefork.service.job.WatchesCaller;
import io.gatefork.service.stage.RequestTiming;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The {@code gateway_protocol.Gateway} service on top of the shared service layer.
 *
 * <p>Every handler runs the same short, non-blocking sequence on the calling (gRPC) thread: check
 * what only a gRPC request can get wrong ({@link GatewayRequestValidator}), map the request to a
 * service command, call the asynchronous service, and return. The service applies the field rules
 * shared with REST before anything reaches the broker; its refusal is worded as the stock gateway
 * words it ({@code GrpcStatusMapper.toStatus(rpc, failure)}). The response is mapped and written by
 * whichever thread completes the service future (the API executor). Every RPC of the 8.8 {@code
 * gateway.proto} is served.
 */
public final class GatewayEndpoint extends GatewayGrpc.GatewayImplBase {
  private static final CancelProcessInstanceResponse CANCELLED =
      CancelProcessInstanceResponse.getDefaultInstance();
  private static final CompleteJobResponse COMPLETED = CompleteJobResponse.getDefaultInstance();
  private static final FailJobResponse FAILED = FailJobResponse.getDefaultInstance();
  private static final ThrowErrorResponse ERROR_THROWN = ThrowErrorResponse.getDefaultInstance();
  private static final ModifyProcessInstanceResponse MODIFIED =
      ModifyProcessInstanceResponse.getDefaultInstance();
  private static final MigrateProcessInstanceResponse MIGRATED =
      MigrateProcessInstanceResponse.getDefaultInstance();
  private static final UpdateJobRetriesResponse RETRIES_UPDATED =
      UpdateJobRetriesResponse.getDefaultInstance();
  private static final UpdateJobTimeoutResponse TIMEOUT_UPDATED =
      UpdateJobTimeoutResponse.getDefaultInstance();
  private static final ResolveIncidentResponse RESOLVED =
      ResolveIncidentResponse.getDefaultInstance();
  private static final DeleteResourceResponse DELETED = DeleteResourceResponse.getDefaultInstance();

  private final GatewayServices services;
  private final ActivatedJobsWriter activatedJobsWriter;
  private final Set<OpenStream> openStreams = ConcurrentHashMap.newKeySet();

  /**
   * @param maxMessageSize the server's maximum message size; activated jobs beyond it are split
   *     over several responses
   */
  public GatewayEndpoint(final GatewayServices services, final int maxMessageSize) {
    this.services = services;
    activatedJobsWriter = new ActivatedJobsWriter(maxMessageSize);
  }

  @Override
  public void topology(
      final TopologyRequest request, final StreamObserver<TopologyResponse> observer) {
    enter();
    final TopologyResponse response;
    try {
      response = GatewayResponseMapper.topology(services.topology().topology());
    } catch (final RuntimeException e) {
      Replies.fail(observer, e);
      return;
    }
    observer.onNext(response);
    observer.onCompleted();
  }

  @Override
  public void deployResource(
      final DeployResourceRequest request, final StreamObserver<DeployResourceResponse> observer) {
    unary(
        request,
        observer,
        GatewayRequestValidator::deployResource,
        (context, r) ->
            services.deployments().deploy(context, GatewayRequestMapper.deployResources(r)),
        GatewayResponseMapper::deployResource);
  }

  @Override
  public void createProcessInstance(
      final CreateProcessInstanceRequest request,
      final StreamObserver<CreateProcessInstanceResponse> observer) {
    unary(
        request,
        observer,
        r -> GatewayRequestValidator.createProcessInstance("CreateProcessInstance", r),
        (context, r) ->
            services
                .processInstances()
                .create(context, GatewayRequestMapper.createProcessInstance(r)),
        GatewayResponseMapper::processInstanceCreated);
  }

  @Override
  public void createProcessInstanceWithResult(
      final CreateProcessInstanceWithResultRequest request,
      final StreamObserver<CreateProcessInstanceWithResultResponse> observer) {
    unary(
        request,
        observer,
        r ->
            GatewayRequestValidator.createProcessInstance(
                "CreateProcessInstanceWithResult", r.getRequest()),
        (context, r) ->
            services
                .processInstances()
                .createWithResult(
                    context,
                    GatewayRequestMapper.createProcessInstance(r.getRequest()),
                    GatewayRequestMapper.createWithResultTimeout(r.getRequestTimeout()),
                    r.getFetchVariablesList()),
        GatewayResponseMapper::processInstanceResult);
  }

  @Override
  public void cancelProcessInstance(
      final CancelProcessInstanceRequest request,
      final StreamObserver<CancelProcessInstanceResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services
                .processInstances()
                .cancel(
                    context,
                    r.getProcessInstanceKey(),
                    GatewayRequestMapper.operationReference(
                        r.hasOperationReference(), r.getOperationReference())),
        ignored -> CANCELLED);
  }

  /**
   * Long polling happens inside the service: its future stays open, holding no thread, until jobs
   * arrive or the request timeout passes. A client that goes away cancels that future so the
   * service can drop the poll instead of activating jobs nobody will receive.
   */
  @Override
  public void activateJobs(
      final ActivateJobsRequest request, final StreamObserver<ActivateJobsResponse> observer) {
    final RequestContext context = enter();
    final Status invalid = GatewayRequestValidator.activateJobs(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    final CompletableFuture<List<io.gatefork.service.job.ActivatedJob>> activation;
    try {
      activation = services.jobs().activate(context, GatewayRequestMapper.activateJobs(request));
    } catch (final RuntimeException e) {
      Replies.fail(observer, request, e);
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

  @Override
  public void completeJob(
      final CompleteJobRequest request, final StreamObserver<CompleteJobResponse> observer) {
    unary(
        request,
        observer,
        GatewayRequestValidator::completeJob,
        (context, r) ->
            services
                .jobs()
                .complete(
                    context,
                    r.getJobKey(),
                    JsonDocument.fromJson("variables", r.getVariables()),
                    GatewayRequestMapper.jobResult(r)),
        ignored -> COMPLETED);
  }

  @Override
  public void failJob(
      final FailJobRequest request, final StreamObserver<FailJobResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services
                .jobs()
                .fail(
                    context,
                    r.getJobKey(),
                    r.getRetries(),
                    GatewayRequestMapper.absentIfEmpty(r.getErrorMessage()),
                    r.getRetryBackOff(),
                    JsonDocument.fromJson("variables", r.getVariables())),
        ignored -> FAILED);
  }

  @Override
  public void throwError(
      final ThrowErrorRequest request, final StreamObserver<ThrowErrorResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services
                .jobs()
                .throwError(
                    context,
                    new ThrowJobError(
                        r.getJobKey(),
                        r.getErrorCode(),
                        GatewayRequestMapper.absentIfEmpty(r.getErrorMessage()),
                        JsonDocument.fromJson("variables", r.getVariables()))),
        ignored -> ERROR_THROWN);
  }

  @Override
  public void publishMessage(
      final PublishMessageRequest request, final StreamObserver<PublishMessageResponse> observer) {
    unary(
        request,
        observer,
        GatewayRequestValidator::publishMessage,
        (context, r) ->
            services.messages().publish(context, GatewayRequestMapper.publishMessage(r)),
        GatewayResponseMapper::messagePublished);
  }

  /**
   * The shape of every unary RPC: enter, check what only gRPC can get wrong (such a request never
   * reaches the service), call the asynchronous service — which applies the field rules — and let
   * the thread that completes its future write the reply.
   */
  private <Q extends Message, S, R> void unary(
      final Q request,
      final StreamObserver<R> observer,
      final Function<Q, Status> validate,
      final BiFunction<RequestContext, Q, CompletableFuture<S>> call,
      final Function<? super S, ? extends R> toResponse) {
    final RequestContext context = enter();
    final Status invalid = validate.apply(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    call(context, request, observer, call, toResponse);
  }

  /** A unary RPC whose request the field rules of the service check alone. */
  private <Q extends Message, S, R> void unary(
      final Q request,
      final StreamObserver<R> observer,
      final BiFunction<RequestContext, Q, CompletableFuture<S>> call,
      final Function<? super S, ? extends R> toResponse) {
    call(enter(), request, observer, call, toResponse);
  }

  private static <Q extends Message, S, R> void call(
      final RequestContext context,
      final Q request,
      final StreamObserver<R> observer,
      final BiFunction<RequestContext, Q, CompletableFuture<S>> call,
      final Function<? super S, ? extends R> toResponse) {
    try {
      Replies.unary(call.apply(context, request), observer, toResponse, request);
    } catch (final RuntimeException e) {
      Replies.fail(observer, request, e);
    }
  }

  @Override
  public void deployProcess(
      final DeployProcessRequest request, final StreamObserver<DeployProcessResponse> observer) {
    unary(
        request,
        observer,
        GatewayRequestValidator::deployProcess,
        (context, r) ->
            services.deployments().deploy(context, GatewayRequestMapper.deployProcess(r)),
        GatewayResponseMapper::deployProcess);
  }

  @Override
  public void modifyProcessInstance(
      final ModifyProcessInstanceRequest request,
      final StreamObserver<ModifyProcessInstanceResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services
                .processInstances()
                .modify(context, GatewayRequestMapper.modifyProcessInstance(r)),
        ignored -> MODIFIED);
  }

  @Override
  public void migrateProcessInstance(
      final MigrateProcessInstanceRequest request,
      final StreamObserver<MigrateProcessInstanceResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services
                .processInstances()
                .migrate(context, GatewayRequestMapper.migrateProcessInstance(r)),
        ignored -> MIGRATED);
  }

  @Override
  public void updateJobRetries(
      final UpdateJobRetriesRequest request,
      final StreamObserver<UpdateJobRetriesResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services
                .jobs()
                .updateRetries(
                    context,
                    r.getJobKey(),
                    r.getRetries(),
                    GatewayRequestMapper.operationReference(
                        r.hasOperationReference(), r.getOperationReference())),
        ignored -> RETRIES_UPDATED);
  }

  @Override
  public void updateJobTimeout(
      final UpdateJobTimeoutRequest request,
      final StreamObserver<UpdateJobTimeoutResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services
                .jobs()
                .updateTimeout(
                    context,
                    r.getJobKey(),
                    r.getTimeout(),
                    GatewayRequestMapper.operationReference(
                        r.hasOperationReference(), r.getOperationReference())),
        ignored -> TIMEOUT_UPDATED);
  }

  /**
   * A long-lived stream: jobs are pushed as brokers activate them, until the client cancels.
   * Registered before this returns, so a client that cancels at once still removes its stream.
   */
  @Override
  public void streamActivatedJobs(
      final StreamActivatedJobsRequest request, final StreamObserver<ActivatedJob> observer) {
    final RequestContext context = enter();
    final Status invalid = GatewayRequestValidator.streamActivatedJobs(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    if (!(observer instanceof final ServerCallStreamObserver<ActivatedJob> call)) {
      Replies.fail(observer, Status.INTERNAL.withDescription("Not a server call"));
      return;
    }
    final var writer = new ActivatedJobStreamWriter(call);
    final OpenJobStream stream;
    try {
      stream =
          services.jobStreams().open(context, GatewayRequestMapper.streamJobs(request), writer);
    } catch (final RuntimeException e) {
      Replies.fail(observer, request, e);
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

  /**
   * Ends every open job stream with UNAVAILABLE so that clients reconnect (to another gateway) at
   * once instead of holding the server's shutdown until its grace period ends.
   */
  public void closeJobStreams() {
    for (final OpenStream open : openStreams) {
      close(open, Status.UNAVAILABLE.withDescription("The gateway is shutting down"));
    }
  }

  private void close(final OpenStream open, final Status status) {
    openStreams.remove(open);
    open.stream().close();
    if (status != null) {
      open.writer().end(status);
    }
  }

  @Override
  public void evaluateDecision(
      final EvaluateDecisionRequest request,
      final StreamObserver<EvaluateDecisionResponse> observer) {
    unary(
        request,
        observer,
        GatewayRequestValidator::evaluateDecision,
        (context, r) ->
            services.decisions().evaluate(context, GatewayRequestMapper.evaluateDecision(r)),
        GatewayResponseMapper::decisionEvaluated);
  }

  @Override
  public void resolveIncident(
      final ResolveIncidentRequest request,
      final StreamObserver<ResolveIncidentResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services
                .incidents()
                .resolve(
                    context,
                    r.getIncidentKey(),
                    GatewayRequestMapper.operationReference(
                        r.hasOperationReference(), r.getOperationReference())),
        ignored -> RESOLVED);
  }

  @Override
  public void setVariables(
      final SetVariablesRequest request, final StreamObserver<SetVariablesResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services.variables().setVariables(context, GatewayRequestMapper.setVariables(r)),
        GatewayResponseMapper::variablesSet);
  }

  @Override
  public void deleteResource(
      final DeleteResourceRequest request, final StreamObserver<DeleteResourceResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services
                .resources()
                .delete(
                    context,
                    r.getResourceKey(),
                    GatewayRequestMapper.operationReference(
                        r.hasOperationReference(), r.getOperationReference())),
        ignored -> DELETED);
  }

  @Override
  public void broadcastSignal(
      final BroadcastSignalRequest request,
      final StreamObserver<BroadcastSignalResponse> observer) {
    unary(
        request,
        observer,
        GatewayRequestValidator::broadcastSignal,
        (context, r) ->
            services.signals().broadcast(context, GatewayRequestMapper.broadcastSignal(r)),
        GatewayResponseMapper::signalBroadcasted);
  }

  /** A job stream and the call it writes to. */
  private record OpenStream(OpenJobStream stream, ActivatedJobStreamWriter writer) {}

  private static RequestContext enter() {
    final RequestTiming timing = StageTimingContext.current();
    timing.entered();
    return new RequestContext(
        timing,
        CallerContext.current(),
        StageTimingContext.operation(),
        StageTimingContext.remoteAddress());
  }
}
