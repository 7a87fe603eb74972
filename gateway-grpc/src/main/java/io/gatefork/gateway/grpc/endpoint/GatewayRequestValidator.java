package io.gatefork.gateway.grpc.endpoint;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployProcessRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessRequestObject;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.gatefork.gateway.grpc.auth.CallerContext;
import io.gatefork.gateway.grpc.error.GrpcStatusMapper;
import io.gatefork.service.auth.TenantAccess;
import io.gatefork.service.auth.TenantRefusal;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import io.grpc.Status;
import java.util.List;

/**
 * What only a gRPC request can get wrong, checked before the service is called and worded as the
 * stock gateway words it: the proto has no null, so "absent" is an empty list, a zero key or an
 * unset oneof, and which of two alternatives was meant is the edge's to tell. Each check returns
 * the status to answer with or {@code null} when the request is fine.
 *
 * <p>The field rules themselves (keys, blank texts, positive numbers, tags, ...) are not here: the
 * services apply them once for both APIs ({@code io.gatefork.service.validation.FieldRules}) and
 * gRPC words their refusal ({@code GrpcStatusMapper.toStatus(rpc, failure)}). Tenants follow the
 * stock gateway: with multi-tenancy checks off only the default tenant (or none) is accepted; with
 * them on a tenant must be named and be one of the caller's ({@link TenantAccess}, applied here
 * once per call, its {@code TenantRefusal} worded by {@code TenantRefusalWording}). A tenant
 * admitted that way is the default one or one the caller's identity names, so gRPC does not check
 * the tenant-id format as REST does.
 */
final class GatewayRequestValidator {
  /** gRPC words a refusal with the RPC's name, not the operation's. */
  private static final Operation NO_OPERATION = null;

  static final String JOB_RESULT_USER_TASK = "userTask";
  static final String JOB_RESULT_AD_HOC_SUB_PROCESS = "adHocSubProcess";

  private GatewayRequestValidator() {}

  static Status deployResource(final DeployResourceRequest request) {
    final String rpc = "DeployResource";
    if (request.getResourcesCount() == 0) {
      return invalidArgument(
          "Expected to handle gRPC request DeployResource with at least one resource in"
              + " 'resources', but none was given");
    }
    final List<Resource> resources = request.getResourcesList();
    for (int i = 0; i < resources.size(); i++) {
      final Resource resource = resources.get(i);
      if (resource.getName().isBlank()) {
        return blank(rpc, "resources[" + i + "].name");
      }
      if (resource.getContent().isEmpty()) {
        return invalidArgument(
            "Expected to handle gRPC request DeployResource with non-empty 'resources[%d].content',"
                    .formatted(i)
                + " but resource '%s' is empty".formatted(resource.getName()));
      }
    }
    return tenant(rpc, request.getTenantId());
  }

  static Status createProcessInstance(
      final String rpc, final CreateProcessInstanceRequest request) {
    if (request.getProcessDefinitionKey() <= 0 && request.getBpmnProcessId().isBlank()) {
      return invalidArgument(
          "Expected to handle gRPC request %s with 'processDefinitionKey' or 'bpmnProcessId',"
                  .formatted(rpc)
              + " but neither was set");
    }
    for (int i = 0; i < request.getRuntimeInstructionsCount(); i++) {
      if (!request.getRuntimeInstructions(i).hasTerminate()) {
        return invalidArgument(
            "Expected to handle gRPC request %s with a known instruction in".formatted(rpc)
                + " 'runtimeInstructions[%d]', but none was set".formatted(i));
      }
    }
    return tenant(rpc, request.getTenantId());
  }

  static Status activateJobs(final ActivateJobsRequest request) {
    // none named: the caller's tenants (TenantAccess.activationTenants), refused without any
    return refused(
        "ActivateJobs",
        TenantAccess.activationRefusal(
            CallerContext.current(), NO_OPERATION, "tenantIds", request.getTenantIdsList()));
  }

  static Status completeJob(final CompleteJobRequest request) {
    return request.hasResult() ? jobResult(request.getResult()) : null;
  }

  /** The type only; what it holds is checked by the service. */
  private static Status jobResult(final JobResult result) {
    if (result.hasType()
        && !JOB_RESULT_USER_TASK.equals(result.getType())
        && !JOB_RESULT_AD_HOC_SUB_PROCESS.equals(result.getType())) {
      return invalidArgument(
          "Expected to handle gRPC request CompleteJob with 'result.type' one of [%s, %s], but it"
                  .formatted(JOB_RESULT_USER_TASK, JOB_RESULT_AD_HOC_SUB_PROCESS)
              + " was '%s'".formatted(result.getType()));
    }
    return null;
  }

  static Status publishMessage(final PublishMessageRequest request) {
    return tenant("PublishMessage", request.getTenantId());
  }

  /** Tenants before the service's checks of type and timeout, as in the stock gateway. */
  static Status streamActivatedJobs(final StreamActivatedJobsRequest request) {
    final List<String> tenantIds = request.getTenantIdsList();
    if (tenantIds.isEmpty()) {
      // the caller's tenants, as for ActivateJobs; refused to a caller without any
      return refused(
          "StreamActivatedJobs",
          TenantAccess.activationRefusal(
              CallerContext.current(), NO_OPERATION, "tenantIds", tenantIds));
    }
    for (int i = 0; i < tenantIds.size(); i++) {
      final Status tenant =
          tenant("StreamActivatedJobs", FieldRules.element("tenantIds", i), tenantIds.get(i));
      if (tenant != null) {
        return tenant;
      }
    }
    return null;
  }

  static Status evaluateDecision(final EvaluateDecisionRequest request) {
    if (request.getDecisionKey() <= 0 && request.getDecisionId().isBlank()) {
      return invalidArgument(
          "Expected to handle gRPC request EvaluateDecision with 'decisionKey' or 'decisionId',"
              + " but neither was set");
    }
    return tenant("EvaluateDecision", request.getTenantId());
  }

  static Status deployProcess(final DeployProcessRequest request) {
    final String rpc = "DeployProcess";
    if (request.getProcessesCount() == 0) {
      return invalidArgument(
          "Expected to handle gRPC request DeployProcess with at least one process in"
              + " 'processes', but none was given");
    }
    final List<ProcessRequestObject> processes = request.getProcessesList();
    for (int i = 0; i < processes.size(); i++) {
      final ProcessRequestObject process = processes.get(i);
      if (process.getName().isBlank()) {
        return blank(rpc, "processes[" + i + "].name");
      }
      if (process.getDefinition().isEmpty()) {
        return invalidArgument(
            "Expected to handle gRPC request DeployProcess with non-empty"
                + " 'processes[%d].definition', but process '%s' is empty"
                    .formatted(i, process.getName()));
      }
    }
    // the request names no tenant: the rule of a DeployResource naming none (with checks on a
    // tenant must be named, so this deprecated RPC is refused; with them off the default tenant)
    return tenant(rpc, "");
  }

  static Status broadcastSignal(final BroadcastSignalRequest request) {
    return tenant("BroadcastSignal", request.getTenantId());
  }

  /** The tenant rule ({@link TenantAccess}), worded for the RPC by {@link GrpcStatusMapper}. */
  private static Status tenant(final String rpc, final String tenantId) {
    return tenant(rpc, "tenantId", tenantId);
  }

  private static Status tenant(final String rpc, final String field, final String tenantId) {
    return refused(
        rpc, TenantAccess.refusal(CallerContext.current(), NO_OPERATION, field, tenantId));
  }

  private static Status refused(final String rpc, final TenantRefusal refusal) {
    return refusal == null ? null : GrpcStatusMapper.toStatus(rpc, refusal);
  }

  private static Status blank(final String rpc, final String field) {
    return invalidArgument(
        "Expected to handle gRPC request %s with non-blank '%s', but it was blank"
            .formatted(rpc, field));
  }

  private static Status invalidArgument(final String message) {
    return Status.INVALID_ARGUMENT.withDescription(message);
  }
}
