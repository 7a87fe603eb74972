package io.gatefork.gateway.grpc.endpoint;

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
import io.gatefork.gateway.grpc.metrics.StageTimingContext;
import io.gatefork.service.RequestContext;
import io.gatefork.service.stage.RequestTiming;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The {@code gateway_protocol.Gateway} service on top of the shared service layer.
 *
 * <p>Every handler runs the same short, non-blocking sequence on the calling (gRPC) thread:
 * validate — answering {@code INVALID_ARGUMENT} before the service is ever called — map the
 * request to a service command, call the asynchronous service, and return. The response is mapped
 * and written by whichever thread completes the service future (the API executor). RPCs gatefork
 * does not serve answer {@code UNIMPLEMENTED} and say so.
 */
public final class GatewayEndpoint extends GatewayGrpc.GatewayImplBase {
  private static final CancelProcessInstanceResponse CANCELLED =
      CancelProcessInstanceResponse.getDefaultInstance();
  private static final CompleteJobResponse COMPLETED = CompleteJobResponse.getDefaultInstance();
  private static final FailJobResponse FAILED = FailJobResponse.getDefaultInstance();
  private static final ThrowErrorResponse ERROR_THROWN = ThrowErrorResponse.getDefaultInstance();

  private final GatewayServices services;
  private final ActivatedJobsWriter activatedJobsWriter;

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
    final RequestContext context = enter();
    final Status invalid = GatewayRequestValidator.deployResource(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    try {
      Replies.unary(
          services.deployments().deploy(context, GatewayRequestMapper.deployResources(request)),
          observer,
          GatewayResponseMapper::deployResource);
    } catch (final RuntimeException e) {
      Replies.fail(observer, e);
    }
  }

  @Override
  public void createProcessInstance(
      final CreateProcessInstanceRequest request,
      final StreamObserver<CreateProcessInstanceResponse> observer) {
    final RequestContext context = enter();
    final Status invalid =
        GatewayRequestValidator.createProcessInstance("CreateProcessInstance", request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    try {
      Replies.unary(
          services
              .processInstances()
              .create(context, GatewayRequestMapper.createProcessInstance(request)),
          observer,
          GatewayResponseMapper::processInstanceCreated);
    } catch (final RuntimeException e) {
      Replies.fail(observer, e);
    }
  }

  @Override
  public void createProcessInstanceWithResult(
      final CreateProcessInstanceWithResultRequest request,
      final StreamObserver<CreateProcessInstanceWithResultResponse> observer) {
    final RequestContext context = enter();
    final Status invalid =
        GatewayRequestValidator.createProcessInstance(
            "CreateProcessInstanceWithResult", request.getRequest());
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    try {
      Replies.unary(
          services
              .processInstances()
              .createWithResult(
                  context,
                  GatewayRequestMapper.createProcessInstance(request.getRequest()),
                  GatewayRequestMapper.createWithResultTimeout(request.getRequestTimeout()),
                  request.getFetchVariablesList()),
          observer,
          GatewayResponseMapper::processInstanceResult);
    } catch (final RuntimeException e) {
      Replies.fail(observer, e);
    }
  }

  @Override
  public void cancelProcessInstance(
      final CancelProcessInstanceRequest request,
      final StreamObserver<CancelProcessInstanceResponse> observer) {
    final RequestContext context = enter();
    final Status invalid = GatewayRequestValidator.cancelProcessInstance(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    try {
      Replies.unary(
          services
              .processInstances()
              .cancel(
                  context,
                  request.getProcessInstanceKey(),
                  GatewayRequestMapper.operationReference(
                      request.hasOperationReference(), request.getOperationReference())),
          observer,
          ignored -> CANCELLED);
    } catch (final RuntimeException e) {
      Replies.fail(observer, e);
    }
  }

  /**
   * Long polling happens inside the service: its future stays open, holding no thread, until
   * jobs arrive or the request timeout passes. A client that goes away cancels that future so the
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
      Replies.fail(observer, e);
      return;
    }
    if (observer instanceof final ServerCallStreamObserver<ActivateJobsResponse> call) {
      call.setOnCancelHandler(() -> activation.cancel(false));
    }
    activation.whenComplete((jobs, failure) -> activatedJobsWriter.write(jobs, failure, observer));
  }

  @Override
  public void completeJob(
      final CompleteJobRequest request, final StreamObserver<CompleteJobResponse> observer) {
    final RequestContext context = enter();
    final Status invalid = GatewayRequestValidator.completeJob(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    try {
      Replies.unary(
          services
              .jobs()
              .complete(
                  context,
                  request.getJobKey(),
                  GatewayRequestMapper.absentIfBlank(request.getVariables())),
          observer,
          ignored -> COMPLETED);
    } catch (final RuntimeException e) {
      Replies.fail(observer, e);
    }
  }

  @Override
  public void failJob(final FailJobRequest request, final StreamObserver<FailJobResponse> observer) {
    final RequestContext context = enter();
    final Status invalid = GatewayRequestValidator.failJob(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    try {
      Replies.unary(
          services
              .jobs()
              .fail(
                  context,
                  request.getJobKey(),
                  request.getRetries(),
                  GatewayRequestMapper.absentIfEmpty(request.getErrorMessage()),
                  request.getRetryBackOff(),
                  GatewayRequestMapper.absentIfBlank(request.getVariables())),
          observer,
          ignored -> FAILED);
    } catch (final RuntimeException e) {
      Replies.fail(observer, e);
    }
  }

  @Override
  public void throwError(
      final ThrowErrorRequest request, final StreamObserver<ThrowErrorResponse> observer) {
    final RequestContext context = enter();
    final Status invalid = GatewayRequestValidator.throwError(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    try {
      Replies.unary(
          services
              .jobs()
              .throwError(
                  context,
                  request.getJobKey(),
                  request.getErrorCode(),
                  GatewayRequestMapper.absentIfEmpty(request.getErrorMessage()),
                  GatewayRequestMapper.absentIfBlank(request.getVariables())),
          observer,
          ignored -> ERROR_THROWN);
    } catch (final RuntimeException e) {
      Replies.fail(observer, e);
    }
  }

  @Override
  public void publishMessage(
      final PublishMessageRequest request, final StreamObserver<PublishMessageResponse> observer) {
    final RequestContext context = enter();
    final Status invalid = GatewayRequestValidator.publishMessage(request);
    if (invalid != null) {
      Replies.fail(observer, invalid);
      return;
    }
    try {
      Replies.unary(
          services.messages().publish(context, GatewayRequestMapper.publishMessage(request)),
          observer,
          GatewayResponseMapper::messagePublished);
    } catch (final RuntimeException e) {
      Replies.fail(observer, e);
    }
  }

  // ---- RPCs gatefork does not serve (yet) ----

  @Override
  public void streamActivatedJobs(
      final StreamActivatedJobsRequest request, final StreamObserver<ActivatedJob> observer) {
    unserved("StreamActivatedJobs", observer);
  }

  @Override
  public void evaluateDecision(
      final EvaluateDecisionRequest request,
      final StreamObserver<EvaluateDecisionResponse> observer) {
    unserved("EvaluateDecision", observer);
  }

  @Override
  public void deployProcess(
      final DeployProcessRequest request, final StreamObserver<DeployProcessResponse> observer) {
    unserved("DeployProcess", observer);
  }

  @Override
  public void resolveIncident(
      final ResolveIncidentRequest request,
      final StreamObserver<ResolveIncidentResponse> observer) {
    unserved("ResolveIncident", observer);
  }

  @Override
  public void setVariables(
      final SetVariablesRequest request, final StreamObserver<SetVariablesResponse> observer) {
    unserved("SetVariables", observer);
  }

  @Override
  public void updateJobRetries(
      final UpdateJobRetriesRequest request,
      final StreamObserver<UpdateJobRetriesResponse> observer) {
    unserved("UpdateJobRetries", observer);
  }

  @Override
  public void modifyProcessInstance(
      final ModifyProcessInstanceRequest request,
      final StreamObserver<ModifyProcessInstanceResponse> observer) {
    unserved("ModifyProcessInstance", observer);
  }

  @Override
  public void migrateProcessInstance(
      final MigrateProcessInstanceRequest request,
      final StreamObserver<MigrateProcessInstanceResponse> observer) {
    unserved("MigrateProcessInstance", observer);
  }

  @Override
  public void updateJobTimeout(
      final UpdateJobTimeoutRequest request,
      final StreamObserver<UpdateJobTimeoutResponse> observer) {
    unserved("UpdateJobTimeout", observer);
  }

  @Override
  public void deleteResource(
      final DeleteResourceRequest request, final StreamObserver<DeleteResourceResponse> observer) {
    unserved("DeleteResource", observer);
  }

  @Override
  public void broadcastSignal(
      final BroadcastSignalRequest request,
      final StreamObserver<BroadcastSignalResponse> observer) {
    unserved("BroadcastSignal", observer);
  }

  private static RequestContext enter() {
    final RequestTiming timing = StageTimingContext.current();
    timing.entered();
    return new RequestContext(timing);
  }

  private static void unserved(final String rpc, final StreamObserver<?> observer) {
    Replies.fail(
        observer, Status.UNIMPLEMENTED.withDescription("gatefork does not serve " + rpc + " yet"));
  }
}
