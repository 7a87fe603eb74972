package io.gatefork.gateway.grpc.endpoint;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import io.gatefork.service.deployment.DeployResources;
import io.gatefork.service.job.ActivateJobs;
import io.gatefork.service.message.PublishMessage;
import io.gatefork.service.processinstance.CreateProcessInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns validated gRPC requests into service commands. proto3 has no null: an empty string or a
 * zero key means "not given" and becomes {@code null} where the service distinguishes absence.
 */
final class GatewayRequestMapper {

  private GatewayRequestMapper() {}

  static DeployResources deployResources(final DeployResourceRequest request) {
    final List<DeployResources.Resource> resources = new ArrayList<>(request.getResourcesCount());
    for (final Resource resource : request.getResourcesList()) {
      resources.add(
          new DeployResources.Resource(resource.getName(), resource.getContent().toByteArray()));
    }
    return new DeployResources(resources, absentIfEmpty(request.getTenantId()));
  }

  static CreateProcessInstance createProcessInstance(final CreateProcessInstanceRequest request) {
    final List<String> startElementIds;
    if (request.getStartInstructionsCount() == 0) {
      startElementIds = List.of();
    } else {
      startElementIds = new ArrayList<>(request.getStartInstructionsCount());
      for (int i = 0; i < request.getStartInstructionsCount(); i++) {
        startElementIds.add(request.getStartInstructions(i).getElementId());
      }
    }
    return new CreateProcessInstance(
        request.getProcessDefinitionKey() > 0 ? request.getProcessDefinitionKey() : null,
        absentIfEmpty(request.getBpmnProcessId()),
        request.getVersion(),
        absentIfBlank(request.getVariables()),
        absentIfEmpty(request.getTenantId()),
        request.hasOperationReference() ? request.getOperationReference() : null,
        startElementIds,
        request.getTagsList());
  }

  /** Zero or negative: the cluster's request timeout, as in the stock gateway. */
  static Duration createWithResultTimeout(final long requestTimeoutMillis) {
    return requestTimeoutMillis > 0 ? Duration.ofMillis(requestTimeoutMillis) : null;
  }

  static ActivateJobs activateJobs(final ActivateJobsRequest request) {
    return new ActivateJobs(
        request.getType(),
        request.getWorker(),
        request.getTimeout(),
        request.getMaxJobsToActivate(),
        request.getFetchVariableList(),
        request.getTenantIdsList(),
        // the proto's semantics are the service's: 0 = default long poll, < 0 = no long poll
        Duration.ofMillis(request.getRequestTimeout()));
  }

  static PublishMessage publishMessage(final PublishMessageRequest request) {
    return new PublishMessage(
        request.getName(),
        request.getCorrelationKey(),
        request.getTimeToLive(),
        absentIfEmpty(request.getMessageId()),
        absentIfBlank(request.getVariables()),
        absentIfEmpty(request.getTenantId()));
  }

  static Long operationReference(final boolean present, final long value) {
    return present ? value : null;
  }

  /** Variables: the stock gateway treats a blank document as no variables. */
  static String absentIfBlank(final String value) {
    return value.isBlank() ? null : value;
  }

  static String absentIfEmpty(final String value) {
    return value.isEmpty() ? null : value;
  }
}
