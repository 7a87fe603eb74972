package io.gatefork.gateway.grpc.metrics;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import io.grpc.MethodDescriptor;
import java.util.Map;

/**
 * The {@code operation} tag of the stage metrics for each RPC gatefork serves; the same names the
 * REST side uses, so that one dashboard compares both APIs per operation.
 */
public final class GatewayOperations {

  private static final Map<String, String> BY_FULL_METHOD_NAME =
      Map.ofEntries(
          entry(GatewayGrpc.getTopologyMethod(), "topology"),
          entry(GatewayGrpc.getDeployResourceMethod(), "deploy-resources"),
          entry(GatewayGrpc.getDeployProcessMethod(), "deploy-process"),
          entry(GatewayGrpc.getCreateProcessInstanceMethod(), "create-process-instance"),
          entry(
              GatewayGrpc.getCreateProcessInstanceWithResultMethod(),
              "create-process-instance-with-result"),
          entry(GatewayGrpc.getCancelProcessInstanceMethod(), "cancel-process-instance"),
          entry(GatewayGrpc.getModifyProcessInstanceMethod(), "modify-process-instance"),
          entry(GatewayGrpc.getMigrateProcessInstanceMethod(), "migrate-process-instance"),
          entry(GatewayGrpc.getActivateJobsMethod(), "activate-jobs"),
          entry(GatewayGrpc.getStreamActivatedJobsMethod(), "stream-activated-jobs"),
          entry(GatewayGrpc.getCompleteJobMethod(), "complete-job"),
          entry(GatewayGrpc.getFailJobMethod(), "fail-job"),
          entry(GatewayGrpc.getThrowErrorMethod(), "throw-job-error"),
          entry(GatewayGrpc.getUpdateJobRetriesMethod(), "update-job-retries"),
          entry(GatewayGrpc.getUpdateJobTimeoutMethod(), "update-job-timeout"),
          entry(GatewayGrpc.getPublishMessageMethod(), "publish-message"),
          entry(GatewayGrpc.getBroadcastSignalMethod(), "broadcast-signal"),
          entry(GatewayGrpc.getSetVariablesMethod(), "set-variables"),
          entry(GatewayGrpc.getResolveIncidentMethod(), "resolve-incident"),
          entry(GatewayGrpc.getEvaluateDecisionMethod(), "evaluate-decision"),
          entry(GatewayGrpc.getDeleteResourceMethod(), "delete-resource"));

  // lives as long as the client wants: no request latency to measure
  private static final String STREAM_ACTIVATED_JOBS =
      GatewayGrpc.getStreamActivatedJobsMethod().getFullMethodName();

  private GatewayOperations() {}

  /** The operation name, or null for an RPC gatefork does not serve. */
  public static String of(final String fullMethodName) {
    return BY_FULL_METHOD_NAME.get(fullMethodName);
  }

  /** Whether the RPC has a per-request latency (a long-lived stream has none). */
  public static boolean isTimed(final String fullMethodName) {
    return !STREAM_ACTIVATED_JOBS.equals(fullMethodName);
  }

  private static Map.Entry<String, String> entry(
      final MethodDescriptor<?, ?> method, final String operation) {
    return Map.entry(method.getFullMethodName(), operation);
  }
}
