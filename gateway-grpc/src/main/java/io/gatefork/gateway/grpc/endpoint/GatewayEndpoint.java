package io.gatefork.gateway.grpc.endpoint;

import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.command;
import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.createWithResultTimeout;
import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.operationReference;
import static io.gatefork.gateway.grpc.endpoint.RpcShapes.unary;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceResponse;
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
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyResponse;
import io.grpc.BindableService;
import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.Arrays;

/**
 * The {@code gateway_protocol.Gateway} service on top of the shared service layer.
 *
 * <p>Every handler runs the same short, non-blocking sequence on the calling (gRPC) thread: check
 * what only a gRPC request can get wrong ({@link GatewayRequestValidator}), map the request to a
 * service command, call the asynchronous service, and return. The service applies the field rules
 * shared with REST before anything reaches the broker; its refusal is worded as the stock gateway
 * words it ({@code GrpcStatusMapper.toStatus(rpc, failure)}). The response is mapped and written by
 * whichever thread completes the service future (the API executor). Every RPC of the 8.8 {@code
 * gateway.proto} is served. The openings' two shapes are {@link RpcShapes}'; the job RPCs (long
 * polls, streams, commands on a job) are {@link JobRpcs}', bound beside these into one service.
 */
public final class GatewayEndpoint implements GatewayGrpc.AsyncService, BindableService {
  private static final CancelProcessInstanceResponse CANCELLED =
      CancelProcessInstanceResponse.getDefaultInstance();
  private static final ModifyProcessInstanceResponse MODIFIED =
      ModifyProcessInstanceResponse.getDefaultInstance();
  private static final MigrateProcessInstanceResponse MIGRATED =
      MigrateProcessInstanceResponse.getDefaultInstance();
  private static final ResolveIncidentResponse RESOLVED =
      ResolveIncidentResponse.getDefaultInstance();
  private static final DeleteResourceResponse DELETED = DeleteResourceResponse.getDefaultInstance();

  private final GatewayServices services;
  private final JobRpcs jobs;

  /**
   * @param maxMessageSize the server's maximum message size; activated jobs beyond it are split
   *     over several responses
   */
  public GatewayEndpoint(final GatewayServices services, final int maxMessageSize) {
    this.services = services;
    jobs = new JobRpcs(services, maxMessageSize);
  }

  /**
   * The {@code Gateway} service: each RPC bound to the one of this endpoint and {@link JobRpcs}
   * that declares it (both: refused at binding); one that neither declares answers UNIMPLEMENTED,
   * as gRPC's generated base class answers.
   */
  @Override
  public ServerServiceDefinition bindService() {
    final ServerServiceDefinition own = GatewayGrpc.bindService(this);
    final ServerServiceDefinition ofJobs = GatewayGrpc.bindService(jobs);
    final var service = ServerServiceDefinition.builder(GatewayGrpc.getServiceDescriptor());
    for (final ServerMethodDefinition<?, ?> rpc : own.getMethods()) {
      final MethodDescriptor<?, ?> descriptor = rpc.getMethodDescriptor();
      final boolean ofJobRpcs = declares(JobRpcs.class, descriptor);
      if (ofJobRpcs && declares(GatewayEndpoint.class, descriptor)) {
        // which one would serve it is not for the binding to decide
        throw new IllegalStateException(
            descriptor.getFullMethodName() + " is declared by GatewayEndpoint and by JobRpcs");
      }
      final ServerMethodDefinition<?, ?> served =
          ofJobRpcs ? ofJobs.getMethod(descriptor.getFullMethodName()) : rpc;
      service.addMethod(served);
    }
    return service.build();
  }

  /** Whether the gateway serves {@code rpc}, or answers it UNIMPLEMENTED. */
  public static boolean serves(final MethodDescriptor<?, ?> rpc) {
    return declares(GatewayEndpoint.class, rpc) || declares(JobRpcs.class, rpc);
  }

  static boolean declares(final Class<?> rpcs, final MethodDescriptor<?, ?> rpc) {
    final String bare = rpc.getBareMethodName();
    final String method = Character.toLowerCase(bare.charAt(0)) + bare.substring(1);
    return Arrays.stream(rpcs.getDeclaredMethods()).anyMatch(m -> m.getName().equals(method));
  }

  @Override
  public void topology(
      final TopologyRequest request, final StreamObserver<TopologyResponse> observer) {
    RpcShapes.enter();
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
        (context, r) -> services.deployments().deploy(context, command(r)),
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
        (context, r) -> services.processInstances().create(context, command(r)),
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
                    command(r.getRequest()),
                    createWithResultTimeout(r.getRequestTimeout()),
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
                .cancel(context, r.getProcessInstanceKey(), operationReference(r)),
        ignored -> CANCELLED);
  }

  @Override
  public void publishMessage(
      final PublishMessageRequest request, final StreamObserver<PublishMessageResponse> observer) {
    unary(
        request,
        observer,
        GatewayRequestValidator::publishMessage,
        (context, r) -> services.messages().publish(context, command(r)),
        GatewayResponseMapper::messagePublished);
  }

  @Override
  public void deployProcess(
      final DeployProcessRequest request, final StreamObserver<DeployProcessResponse> observer) {
    unary(
        request,
        observer,
        GatewayRequestValidator::deployProcess,
        (context, r) -> services.deployments().deploy(context, command(r)),
        GatewayResponseMapper::deployProcess);
  }

  @Override
  public void modifyProcessInstance(
      final ModifyProcessInstanceRequest request,
      final StreamObserver<ModifyProcessInstanceResponse> observer) {
    unary(
        request,
        observer,
        (context, r) -> services.processInstances().modify(context, command(r)),
        ignored -> MODIFIED);
  }

  @Override
  public void migrateProcessInstance(
      final MigrateProcessInstanceRequest request,
      final StreamObserver<MigrateProcessInstanceResponse> observer) {
    unary(
        request,
        observer,
        (context, r) -> services.processInstances().migrate(context, command(r)),
        ignored -> MIGRATED);
  }

  /**
   * Ends every open job stream with UNAVAILABLE so that clients reconnect (to another gateway) at
   * once instead of holding the server's shutdown until its grace period ends.
   */
  public void closeJobStreams() {
    jobs.closeStreams(Status.UNAVAILABLE.withDescription("The gateway is shutting down"));
  }

  @Override
  public void evaluateDecision(
      final EvaluateDecisionRequest request,
      final StreamObserver<EvaluateDecisionResponse> observer) {
    unary(
        request,
        observer,
        GatewayRequestValidator::evaluateDecision,
        (context, r) -> services.decisions().evaluate(context, command(r)),
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
            services.incidents().resolve(context, r.getIncidentKey(), operationReference(r)),
        ignored -> RESOLVED);
  }

  @Override
  public void setVariables(
      final SetVariablesRequest request, final StreamObserver<SetVariablesResponse> observer) {
    unary(
        request,
        observer,
        (context, r) -> services.variables().setVariables(context, command(r)),
        GatewayResponseMapper::variablesSet);
  }

  @Override
  public void deleteResource(
      final DeleteResourceRequest request, final StreamObserver<DeleteResourceResponse> observer) {
    unary(
        request,
        observer,
        (context, r) ->
            services.resources().delete(context, r.getResourceKey(), operationReference(r)),
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
        (context, r) -> services.signals().broadcast(context, command(r)),
        GatewayResponseMapper::signalBroadcasted);
  }
}
