package io.gatefork.gateway.grpc.operation;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.gatefork.service.operation.Operation;
import io.grpc.MethodDescriptor;
import java.util.Map;

/**
 * The {@link Operation} of each RPC gatefork serves, by the method's full name (the one key both
 * the transport's stream tracer and the interceptors have); built once.
 */
public final class GatewayOperations {

  private static final Map<String, Operation> BY_FULL_METHOD_NAME =
      Map.ofEntries(
          entry(GatewayGrpc.getTopologyMethod(), Operation.TOPOLOGY),
          entry(GatewayGrpc.getDeployResourceMethod(), Operation.DEPLOY_RESOURCES),
          entry(GatewayGrpc.getDeployProcessMethod(), Operation.DEPLOY_PROCESS),
          entry(GatewayGrpc.getCreateProcessInstanceMethod(), Operation.CREATE_PROCESS_INSTANCE),
          entry(
              GatewayGrpc.getCreateProcessInstanceWithResultMethod(),
              Operation.CREATE_PROCESS_INSTANCE_WITH_RESULT),
          entry(GatewayGrpc.getCancelProcessInstanceMethod(), Operation.CANCEL_PROCESS_INSTANCE),
          entry(GatewayGrpc.getModifyProcessInstanceMethod(), Operation.MODIFY_PROCESS_INSTANCE),
          entry(GatewayGrpc.getMigrateProcessInstanceMethod(), Operation.MIGRATE_PROCESS_INSTANCE),
          entry(GatewayGrpc.getActivateJobsMethod(), Operation.ACTIVATE_JOBS),
          entry(GatewayGrpc.getStreamActivatedJobsMethod(), Operation.STREAM_ACTIVATED_JOBS),
          entry(GatewayGrpc.getCompleteJobMethod(), Operation.COMPLETE_JOB),
          entry(GatewayGrpc.getFailJobMethod(), Operation.FAIL_JOB),
          entry(GatewayGrpc.getThrowErrorMethod(), Operation.THROW_JOB_ERROR),
          entry(GatewayGrpc.getUpdateJobRetriesMethod(), Operation.UPDATE_JOB_RETRIES),
          entry(GatewayGrpc.getUpdateJobTimeoutMethod(), Operation.UPDATE_JOB_TIMEOUT),
          entry(GatewayGrpc.getPublishMessageMethod(), Operation.PUBLISH_MESSAGE),
          entry(GatewayGrpc.getBroadcastSignalMethod(), Operation.BROADCAST_SIGNAL),
          entry(GatewayGrpc.getSetVariablesMethod(), Operation.SET_VARIABLES),
          entry(GatewayGrpc.getResolveIncidentMethod(), Operation.RESOLVE_INCIDENT),
          entry(GatewayGrpc.getEvaluateDecisionMethod(), Operation.EVALUATE_DECISION),
          entry(GatewayGrpc.getDeleteResourceMethod(), Operation.DELETE_RESOURCE));

  private GatewayOperations() {}

  /** The operation, or null for an RPC gatefork does not serve. */
  public static Operation of(final String fullMethodName) {
    return BY_FULL_METHOD_NAME.get(fullMethodName);
  }

  /** Whether the operation has a per-request latency: a job stream lives as long as the client. */
  public static boolean isTimed(final Operation operation) {
    return operation != Operation.STREAM_ACTIVATED_JOBS;
  }

  private static Map.Entry<String, Operation> entry(
      final MethodDescriptor<?, ?> method, final Operation operation) {
    return Map.entry(method.getFullMethodName(), operation);
  }
}
