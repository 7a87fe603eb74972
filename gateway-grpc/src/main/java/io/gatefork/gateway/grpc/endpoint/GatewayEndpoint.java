package io.gatefork.gateway.grpc.endpoint;

import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.command;
import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.createWithResultTimeout;
import static io.gatefork.gateway.grpc.endpoint.GatewayRequestMapper.operationReference;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyResponse;
import io.grpc.BindableService;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

/**
 * The {@code gateway_protocol.Gateway} service on top of the shared service layer, bound as a table
 * ({@link RpcTable}): one row per RPC.
 *
 * <p>Every row runs the same short, non-blocking sequence on the calling (gRPC) thread: check what
 * only a gRPC request can get wrong ({@link GatewayRequestValidator}), map the request to a service
 * command, call the asynchronous service, and return. The service applies the field rules shared
 * with REST before anything reaches the broker; its refusal is worded as the stock gateway words it
 * ({@code GrpcStatusMapper.toStatus(rpc, failure)}). The response is mapped and written by
 * whichever thread completes the service future (the API executor). Every RPC of the 8.8 {@code
 * gateway.proto} is served; the job RPCs (long polls, streams, commands on a job) are {@link
 * JobRpcs}' rows.
 */
public final class GatewayEndpoint implements BindableService {
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
  private final RpcTable rpcs = new RpcTable(GatewayGrpc.getServiceDescriptor());

  /**
   * @param maxMessageSize the server's maximum message size; activated jobs beyond it are split
   *     over several responses
   */
  public GatewayEndpoint(final GatewayServices services, final int maxMessageSize) {
    this.services = services;
    jobs = new JobRpcs(services, maxMessageSize);
    jobs.bindTo(rpcs);
    bindTo(rpcs);
  }

  @Override
  public ServerServiceDefinition bindService() {
    return rpcs.build();
  }

  /** Whether the gateway serves {@code rpc}, or answers it UNIMPLEMENTED. */
  public boolean serves(final MethodDescriptor<?, ?> rpc) {
    return rpcs.serves(rpc);
  }

  /**
   * Ends every open job stream with UNAVAILABLE so that clients reconnect (to another gateway) at
   * once instead of holding the server's shutdown until its grace period ends.
   */
  public void closeJobStreams() {
    jobs.closeStreams(Status.UNAVAILABLE.withDescription("The gateway is shutting down"));
  }

  /** The rows of every RPC but the job ones, by RPC name (as a reader looks one up). */
  private void bindTo(final RpcTable rpcs) {
    rpcs.unary(
        GatewayGrpc.getBroadcastSignalMethod(),
        GatewayRequestValidator::broadcastSignal,
        (context, r) -> services.signals().broadcast(context, command(r)),
        GatewayResponseMapper::signalBroadcasted);
    rpcs.unary(
        GatewayGrpc.getCancelProcessInstanceMethod(),
        (context, r) ->
            services
                .processInstances()
                .cancel(context, r.getProcessInstanceKey(), operationReference(r)),
        ignored -> CANCELLED);
    rpcs.unary(
        GatewayGrpc.getCreateProcessInstanceMethod(),
        r -> GatewayRequestValidator.createProcessInstance("CreateProcessInstance", r),
        (context, r) -> services.processInstances().create(context, command(r)),
        GatewayResponseMapper::processInstanceCreated);
    rpcs.unary(
        GatewayGrpc.getCreateProcessInstanceWithResultMethod(),
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
    rpcs.unary(
        GatewayGrpc.getDeleteResourceMethod(),
        (context, r) ->
            services.resources().delete(context, r.getResourceKey(), operationReference(r)),
        ignored -> DELETED);
    rpcs.unary(
        GatewayGrpc.getDeployProcessMethod(),
        GatewayRequestValidator::deployProcess,
        (context, r) -> services.deployments().deploy(context, command(r)),
        GatewayResponseMapper::deployProcess);
    rpcs.unary(
        GatewayGrpc.getDeployResourceMethod(),
        GatewayRequestValidator::deployResource,
        (context, r) -> services.deployments().deploy(context, command(r)),
        GatewayResponseMapper::deployResource);
    rpcs.unary(
        GatewayGrpc.getEvaluateDecisionMethod(),
        GatewayRequestValidator::evaluateDecision,
        (context, r) -> services.decisions().evaluate(context, command(r)),
        GatewayResponseMapper::decisionEvaluated);
    rpcs.unary(
        GatewayGrpc.getMigrateProcessInstanceMethod(),
        (context, r) -> services.processInstances().migrate(context, command(r)),
        ignored -> MIGRATED);
    rpcs.unary(
        GatewayGrpc.getModifyProcessInstanceMethod(),
        (context, r) -> services.processInstances().modify(context, command(r)),
        ignored -> MODIFIED);
    rpcs.unary(
        GatewayGrpc.getPublishMessageMethod(),
        GatewayRequestValidator::publishMessage,
        (context, r) -> services.messages().publish(context, command(r)),
        GatewayResponseMapper::messagePublished);
    rpcs.unary(
        GatewayGrpc.getResolveIncidentMethod(),
        (context, r) ->
            services.incidents().resolve(context, r.getIncidentKey(), operationReference(r)),
        ignored -> RESOLVED);
    rpcs.unary(
        GatewayGrpc.getSetVariablesMethod(),
        (context, r) -> services.variables().setVariables(context, command(r)),
        GatewayResponseMapper::variablesSet);
    rpcs.answeredBy(GatewayGrpc.getTopologyMethod(), this::topology);
  }

  /** Answered from the gateway's own view of the cluster: no broker round trip, no future. */
  private void topology(
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
}
