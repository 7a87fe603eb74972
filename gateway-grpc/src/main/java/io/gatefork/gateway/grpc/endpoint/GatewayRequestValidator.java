package io.gatefork.gateway.grpc.endpoint;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeleteResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployProcessRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessRequestObject;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ResolveIncidentRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobRetriesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.UpdateJobTimeoutRequest;
import io.gatefork.gateway.grpc.auth.CallerContext;
import io.gatefork.service.auth.Caller;
import io.gatefork.service.auth.TenantAccess;
import io.grpc.Status;
import java.util.List;

/**
 * Checks what a gRPC request must carry before anything is sent to the broker, worded as the stock
 * gateway words them. Each check returns the status to answer with (naming the offending field) or
 * {@code null} when the request is fine: rejected input is an expected outcome, not an exception.
 *
 * <p>Rules shared with REST live once in the service layer ({@code io.gatefork.service.validation})
 * and are not repeated here: the tag rules are applied by {@link GatewayRequestMapper} as it builds
 * the command, and the service checks variables (a JSON object). Tenants follow the stock gateway:
 * with multi-tenancy checks off only the default tenant (or none) is accepted; with them on a
 * tenant must be named and be one of the caller's ({@link TenantAccess}). A tenant admitted that
 * way is the default one or one the caller's identity names, so gRPC does not check the tenant-id
 * format as REST does.
 */
final class GatewayRequestValidator {
  static final String DEFAULT_TENANT = "<default>";
  static final String JOB_RESULT_USER_TASK = "userTask";
  static final String JOB_RESULT_AD_HOC_SUB_PROCESS = "adHocSubProcess";

  private GatewayRequestValidator() {}

  static Status deployResource(final DeployResourceRequest request) {
    final String rpc = "DeployResource";
    if (request.getResourcesCount() == 0) {
      return invalid(
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
        return invalid(
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
      return invalid(
          "Expected to handle gRPC request %s with 'processDefinitionKey' or 'bpmnProcessId',"
                  .formatted(rpc)
              + " but neither was set");
    }
    for (int i = 0; i < request.getStartInstructionsCount(); i++) {
      if (request.getStartInstructions(i).getElementId().isBlank()) {
        return blank(rpc, "startInstructions[" + i + "].elementId");
      }
    }
    for (int i = 0; i < request.getRuntimeInstructionsCount(); i++) {
      final var instruction = request.getRuntimeInstructions(i);
      if (!instruction.hasTerminate()) {
        return invalid(
            "Expected to handle gRPC request %s with a known instruction in".formatted(rpc)
                + " 'runtimeInstructions[%d]', but none was set".formatted(i));
      }
      if (instruction.getTerminate().getAfterElementId().isBlank()) {
        return blank(rpc, "runtimeInstructions[" + i + "].terminate.afterElementId");
      }
    }
    return tenant(rpc, request.getTenantId());
  }

  static Status cancelProcessInstance(final CancelProcessInstanceRequest request) {
    return key("CancelProcessInstance", "processInstanceKey", request.getProcessInstanceKey());
  }

  static Status activateJobs(final ActivateJobsRequest request) {
    final String rpc = "ActivateJobs";
    if (request.getType().isBlank()) {
      return blank(rpc, "type");
    }
    if (request.getTimeout() <= 0) {
      return notPositive(rpc, "timeout", request.getTimeout());
    }
    if (request.getMaxJobsToActivate() <= 0) {
      return notPositive(rpc, "maxJobsToActivate", request.getMaxJobsToActivate());
    }
    final Caller caller = CallerContext.current();
    for (final String tenantId : request.getTenantIdsList()) {
      if (!caller.tenantChecks() && !DEFAULT_TENANT.equals(tenantId)) {
        return invalid(
            "Expected to handle gRPC request ActivateJobs with tenant identifiers '%s', but"
                    .formatted(request.getTenantIdsList())
                + " multi-tenancy is disabled");
      }
      final Status tenant = tenant(rpc, tenantId);
      if (tenant != null) {
        return tenant;
      }
    }
    // none named: the caller's tenants (TenantAccess.activationTenants)
    return null;
  }

  static Status completeJob(final CompleteJobRequest request) {
    final Status key = key("CompleteJob", "jobKey", request.getJobKey());
    if (key != null) {
      return key;
    }
    return request.hasResult() ? jobResult(request.getResult()) : null;
  }

  /** The shape only; values (priority range, dates, variables) are checked by the service. */
  private static Status jobResult(final JobResult result) {
    final String rpc = "CompleteJob";
    if (result.hasType()
        && !JOB_RESULT_USER_TASK.equals(result.getType())
        && !JOB_RESULT_AD_HOC_SUB_PROCESS.equals(result.getType())) {
      return invalid(
          "Expected to handle gRPC request CompleteJob with 'result.type' one of [%s, %s], but it"
                  .formatted(JOB_RESULT_USER_TASK, JOB_RESULT_AD_HOC_SUB_PROCESS)
              + " was '%s'".formatted(result.getType()));
    }
    for (int i = 0; i < result.getActivateElementsCount(); i++) {
      if (result.getActivateElements(i).getElementId().isBlank()) {
        return blank(rpc, "result.activateElements[" + i + "].elementId");
      }
    }
    return null;
  }

  static Status failJob(final FailJobRequest request) {
    final Status key = key("FailJob", "jobKey", request.getJobKey());
    if (key != null) {
      return key;
    }
    if (request.getRetryBackOff() < 0) {
      return invalid(
          "Expected to handle gRPC request FailJob with 'retryBackOff' of zero or more, but it"
              + " was "
              + request.getRetryBackOff());
    }
    return null;
  }

  static Status throwError(final ThrowErrorRequest request) {
    final Status key = key("ThrowError", "jobKey", request.getJobKey());
    if (key != null) {
      return key;
    }
    return request.getErrorCode().isBlank() ? blank("ThrowError", "errorCode") : null;
  }

  static Status publishMessage(final PublishMessageRequest request) {
    final String rpc = "PublishMessage";
    if (request.getName().isBlank()) {
      return blank(rpc, "name");
    }
    if (request.getTimeToLive() < 0) {
      return invalid(
          "Expected to handle gRPC request PublishMessage with 'timeToLive' of zero or more, but"
              + " it was "
              + request.getTimeToLive());
    }
    return tenant(rpc, request.getTenantId());
  }

  /** As the stock gateway: tenants first, then the stream's own wording for type and timeout. */
  static Status streamActivatedJobs(final StreamActivatedJobsRequest request) {
    for (final String tenantId : request.getTenantIdsList()) {
      final Status tenant = tenant("StreamActivatedJobs", tenantId);
      if (tenant != null) {
        return tenant;
      }
    }
    if (request.getType().isBlank()) {
      return invalid("Expected to stream activated jobs with type to be present, but it was blank");
    }
    if (request.getTimeout() < 1) {
      return invalid(
          "Expected to stream activated jobs with timeout to be greater than zero, but it was "
              + request.getTimeout());
    }
    for (int i = 0; i < request.getFetchVariableCount(); i++) {
      if (request.getFetchVariable(i).isBlank()) {
        return blank("StreamActivatedJobs", "fetchVariable[" + i + "]");
      }
    }
    return null;
  }

  static Status evaluateDecision(final EvaluateDecisionRequest request) {
    if (request.getDecisionKey() <= 0 && request.getDecisionId().isBlank()) {
      return invalid(
          "Expected to handle gRPC request EvaluateDecision with 'decisionKey' or 'decisionId',"
              + " but neither was set");
    }
    return tenant("EvaluateDecision", request.getTenantId());
  }

  static Status deployProcess(final DeployProcessRequest request) {
    final String rpc = "DeployProcess";
    if (request.getProcessesCount() == 0) {
      return invalid(
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
        return invalid(
            "Expected to handle gRPC request DeployProcess with non-empty"
                + " 'processes[%d].definition', but process '%s' is empty"
                    .formatted(i, process.getName()));
      }
    }
    return null;
  }

  static Status resolveIncident(final ResolveIncidentRequest request) {
    return key("ResolveIncident", "incidentKey", request.getIncidentKey());
  }

  static Status setVariables(final SetVariablesRequest request) {
    return key("SetVariables", "elementInstanceKey", request.getElementInstanceKey());
  }

  static Status updateJobRetries(final UpdateJobRetriesRequest request) {
    final Status key = key("UpdateJobRetries", "jobKey", request.getJobKey());
    if (key != null) {
      return key;
    }
    return request.getRetries() < 1
        ? notPositive("UpdateJobRetries", "retries", request.getRetries())
        : null;
  }

  static Status updateJobTimeout(final UpdateJobTimeoutRequest request) {
    return key("UpdateJobTimeout", "jobKey", request.getJobKey());
  }

  static Status modifyProcessInstance(final ModifyProcessInstanceRequest request) {
    final String rpc = "ModifyProcessInstance";
    final Status key = key(rpc, "processInstanceKey", request.getProcessInstanceKey());
    if (key != null) {
      return key;
    }
    for (int i = 0; i < request.getActivateInstructionsCount(); i++) {
      if (request.getActivateInstructions(i).getElementId().isBlank()) {
        return blank(rpc, "activateInstructions[" + i + "].elementId");
      }
    }
    for (int i = 0; i < request.getTerminateInstructionsCount(); i++) {
      final Status terminate =
          key(
              rpc,
              "terminateInstructions[" + i + "].elementInstanceKey",
              request.getTerminateInstructions(i).getElementInstanceKey());
      if (terminate != null) {
        return terminate;
      }
    }
    return null;
  }

  static Status migrateProcessInstance(final MigrateProcessInstanceRequest request) {
    final String rpc = "MigrateProcessInstance";
    final Status key = key(rpc, "processInstanceKey", request.getProcessInstanceKey());
    if (key != null) {
      return key;
    }
    final var plan = request.getMigrationPlan();
    final Status target =
        key(rpc, "migrationPlan.targetProcessDefinitionKey", plan.getTargetProcessDefinitionKey());
    if (target != null) {
      return target;
    }
    for (int i = 0; i < plan.getMappingInstructionsCount(); i++) {
      final var mapping = plan.getMappingInstructions(i);
      if (mapping.getSourceElementId().isBlank()) {
        return blank(rpc, "migrationPlan.mappingInstructions[" + i + "].sourceElementId");
      }
      if (mapping.getTargetElementId().isBlank()) {
        return blank(rpc, "migrationPlan.mappingInstructions[" + i + "].targetElementId");
      }
    }
    return null;
  }

  static Status deleteResource(final DeleteResourceRequest request) {
    return key("DeleteResource", "resourceKey", request.getResourceKey());
  }

  static Status broadcastSignal(final BroadcastSignalRequest request) {
    if (request.getSignalName().isBlank()) {
      return blank("BroadcastSignal", "signalName");
    }
    return tenant("BroadcastSignal", request.getTenantId());
  }

  /** As the stock gateway: the caller's tenants with multi-tenancy checks on, else the default. */
  private static Status tenant(final String rpc, final String tenantId) {
    return switch (TenantAccess.check(CallerContext.current(), tenantId)) {
      case ALLOWED -> null;
      case MULTI_TENANCY_DISABLED ->
          invalid(
              "Expected to handle gRPC request %s with tenant identifier '%s', but multi-tenancy is"
                      .formatted(rpc, tenantId)
                  + " disabled");
      case MISSING ->
          invalid(
              "Expected to handle gRPC request %s with tenant identifier '%s', but no tenant"
                      .formatted(rpc, tenantId)
                  + " identifier was provided.");
      case NOT_AUTHORIZED ->
          Status.PERMISSION_DENIED.withDescription(
              "Expected to handle gRPC request %s with tenant identifier '%s', but tenant is not"
                      .formatted(rpc, tenantId)
                  + " authorized to perform this request");
    };
  }

  private static Status key(final String rpc, final String field, final long key) {
    return key > 0
        ? null
        : invalid(
            "Expected to handle gRPC request %s with a valid key in '%s', but it was %d"
                .formatted(rpc, field, key));
  }

  private static Status blank(final String rpc, final String field) {
    return invalid(
        "Expected to handle gRPC request %s with non-blank '%s', but it was blank"
            .formatted(rpc, field));
  }

  private static Status notPositive(final String rpc, final String field, final long value) {
    return invalid(
        "Expected to handle gRPC request %s with '%s' greater than zero, but it was %d"
            .formatted(rpc, field, value));
  }

  private static Status invalid(final String message) {
    return Status.INVALID_ARGUMENT.withDescription(message);
  }
}
