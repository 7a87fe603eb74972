package io.gatefork.gateway.grpc.metrics;

import io.camunda.zeebe.gateway.protocol.GatewayGrpc;
import java.util.Map;

/**
 * The {@code operation} tag of the stage metrics for each RPC gatefork serves; the same names
 * the REST side uses, so that one dashboard compares both APIs per operation.
 */
public final class GatewayOperations {

  private static final Map<String, String> BY_FULL_METHOD_NAME =
      Map.of(
          GatewayGrpc.getTopologyMethod().getFullMethodName(), "topology",
          GatewayGrpc.getDeployResourceMethod().getFullMethodName(), "deploy-resources",
          GatewayGrpc.getCreateProcessInstanceMethod().getFullMethodName(),
              "create-process-instance",
          GatewayGrpc.getCreateProcessInstanceWithResultMethod().getFullMethodName(),
              "create-process-instance-with-result",
          GatewayGrpc.getCancelProcessInstanceMethod().getFullMethodName(),
              "cancel-process-instance",
          GatewayGrpc.getActivateJobsMethod().getFullMethodName(), "activate-jobs",
          GatewayGrpc.getCompleteJobMethod().getFullMethodName(), "complete-job",
          GatewayGrpc.getFailJobMethod().getFullMethodName(), "fail-job",
          GatewayGrpc.getThrowErrorMethod().getFullMethodName(), "throw-job-error",
          GatewayGrpc.getPublishMessageMethod().getFullMethodName(), "publish-message");

  private GatewayOperations() {}

  /** The operation name, or null for an RPC gatefork does not serve. */
  public static String of(final String fullMethodName) {
    return BY_FULL_METHOD_NAME.get(fullMethodName);
  }
}
