package io.gatefork.gateway.grpc.endpoint;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CancelProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FailJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ThrowErrorRequest;
import io.grpc.Status;
import java.util.List;

/**
 * Checks what a gRPC request must carry before anything is sent to the broker. Each check returns
 * the status to answer with (naming the offending field) or {@code null} when the request is
 * fine: rejected input is an expected outcome, not an exception.
 *
 * <p>Rules shared with REST whose outcome depends on the content (variables must be a JSON object,
 * tag format, tenant access) belong to the service layer and are not repeated here. Tenants follow
 * the stock gateway with multi-tenancy disabled: only the default tenant (or none) is accepted.
 */
final class GatewayRequestValidator {
  static final String DEFAULT_TENANT = "<default>";

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

  static Status createProcessInstance(final String rpc, final CreateProcessInstanceRequest request) {
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
    if (request.getRuntimeInstructionsCount() > 0) {
      return Status.UNIMPLEMENTED.withDescription(
          "gatefork does not serve " + rpc + " with runtimeInstructions yet");
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
    for (final String tenantId : request.getTenantIdsList()) {
      if (!DEFAULT_TENANT.equals(tenantId)) {
        return invalid(
            "Expected to handle gRPC request ActivateJobs with tenant identifiers '%s', but"
                    .formatted(request.getTenantIdsList())
                + " multi-tenancy is disabled");
      }
    }
    return null;
  }

  static Status completeJob(final CompleteJobRequest request) {
    final Status key = key("CompleteJob", "jobKey", request.getJobKey());
    if (key != null) {
      return key;
    }
    if (request.hasResult()) {
      // job results drive user task / ad-hoc sub-process listeners; silently dropping one
      // would complete the job with a different outcome than the worker asked for
      return Status.UNIMPLEMENTED.withDescription(
          "gatefork does not serve CompleteJob with a job result yet");
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

  private static Status tenant(final String rpc, final String tenantId) {
    if (tenantId.isBlank() || DEFAULT_TENANT.equals(tenantId)) {
      return null;
    }
    return invalid(
        "Expected to handle gRPC request %s with tenant identifier '%s', but multi-tenancy is"
                .formatted(rpc, tenantId)
            + " disabled");
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
