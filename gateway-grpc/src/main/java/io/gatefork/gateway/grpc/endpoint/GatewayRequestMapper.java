package io.gatefork.gateway.grpc.endpoint;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.MessageOrBuilder;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivateJobsRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CompleteJobRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployProcessRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResult;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResultActivateElement;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.JobResultCorrections;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MigrateProcessInstanceRequest.MappingInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest.ActivateInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest.TerminateInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ModifyProcessInstanceRequest.VariableInstruction;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessRequestObject;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Resource;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesRequest;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.StreamActivatedJobsRequest;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.decision.EvaluateDecision;
import io.gatefork.service.deployment.DeployResources;
import io.gatefork.service.job.ActivateJobs;
import io.gatefork.service.job.JobCompletionResult;
import io.gatefork.service.job.StreamJobs;
import io.gatefork.service.message.PublishMessage;
import io.gatefork.service.processinstance.CreateProcessInstance;
import io.gatefork.service.processinstance.MigrateProcessInstance;
import io.gatefork.service.processinstance.ModifyProcessInstance;
import io.gatefork.service.signal.BroadcastSignal;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.variable.SetVariables;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns validated gRPC requests into service commands. proto3 has no null: an empty string or a
 * zero key means "not given" and becomes {@code null} where the service distinguishes absence.
 * Fields whose rules REST shares (tags) are checked here with the service layer's rules, which
 * answer INVALID_ARGUMENT worded {@code field: problem} before the service is called.
 *
 * <p>{@code command(request)} is overloaded by request type: the endpoint's RPCs each say only
 * which service they call with the request's command.
 */
final class GatewayRequestMapper {

  private GatewayRequestMapper() {}

  static DeployResources command(final DeployResourceRequest request) {
    final List<DeployResources.Resource> resources = new ArrayList<>(request.getResourcesCount());
    for (final Resource resource : request.getResourcesList()) {
      resources.add(
          new DeployResources.Resource(resource.getName(), resource.getContent().toByteArray()));
    }
    return new DeployResources(resources, absentIfEmpty(request.getTenantId()));
  }

  static CreateProcessInstance command(final CreateProcessInstanceRequest request) {
    final List<String> startElementIds;
    if (request.getStartInstructionsCount() == 0) {
      startElementIds = List.of();
    } else {
      startElementIds = new ArrayList<>(request.getStartInstructionsCount());
      for (int i = 0; i < request.getStartInstructionsCount(); i++) {
        startElementIds.add(request.getStartInstructions(i).getElementId());
      }
    }
    final List<String> terminateAfterElementIds;
    if (request.getRuntimeInstructionsCount() == 0) {
      terminateAfterElementIds = List.of();
    } else {
      terminateAfterElementIds = new ArrayList<>(request.getRuntimeInstructionsCount());
      for (int i = 0; i < request.getRuntimeInstructionsCount(); i++) {
        terminateAfterElementIds.add(
            request.getRuntimeInstructions(i).getTerminate().getAfterElementId());
      }
    }
    return new CreateProcessInstance(
        request.getProcessDefinitionKey() > 0 ? request.getProcessDefinitionKey() : null,
        absentIfEmpty(request.getBpmnProcessId()),
        request.getVersion(),
        variables(request.getVariables()),
        absentIfEmpty(request.getTenantId()),
        request.hasOperationReference() ? request.getOperationReference() : null,
        startElementIds,
        request.getTagsList(),
        terminateAfterElementIds);
  }

  /**
   * Proto presence is the REST API's null: an unset correction keeps the task's value, a set one
   * (even empty) replaces it. Without a type the result is a user task's, as in the stock gateway.
   */
  static JobCompletionResult jobResult(final CompleteJobRequest request) {
    if (!request.hasResult()) {
      return null;
    }
    final JobResult result = request.getResult();
    if (GatewayRequestValidator.JOB_RESULT_AD_HOC_SUB_PROCESS.equals(result.getType())) {
      final var elements =
          new ArrayList<JobCompletionResult.ActivateElement>(result.getActivateElementsCount());
      for (int i = 0; i < result.getActivateElementsCount(); i++) {
        final JobResultActivateElement element = result.getActivateElements(i);
        elements.add(
            new JobCompletionResult.ActivateElement(
                element.getElementId(),
                JsonDocument.fromJson(
                    FieldRules.element("result.activateElements", i) + ".variables",
                    element.getVariables())));
      }
      return new JobCompletionResult.AdHocSubProcess(
          elements,
          result.getIsCompletionConditionFulfilled(),
          result.getIsCancelRemainingInstances());
    }
    JobCompletionResult.Corrections corrections = null;
    if (result.hasCorrections()) {
      final JobResultCorrections given = result.getCorrections();
      corrections =
          new JobCompletionResult.Corrections(
              given.hasAssignee() ? given.getAssignee() : null,
              given.hasDueDate() ? given.getDueDate() : null,
              given.hasFollowUpDate() ? given.getFollowUpDate() : null,
              given.hasCandidateUsers() ? given.getCandidateUsers().getValuesList() : null,
              given.hasCandidateGroups() ? given.getCandidateGroups().getValuesList() : null,
              given.hasPriority() ? given.getPriority() : null);
    }
    return new JobCompletionResult.UserTask(
        result.getDenied(),
        result.hasDeniedReason() ? result.getDeniedReason() : null,
        corrections);
  }

  /** Zero or negative: the cluster's request timeout, as in the stock gateway. */
  static Duration createWithResultTimeout(final long requestTimeoutMillis) {
    return requestTimeoutMillis > 0 ? Duration.ofMillis(requestTimeoutMillis) : null;
  }

  static ActivateJobs command(final ActivateJobsRequest request) {
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

  static PublishMessage command(final PublishMessageRequest request) {
    return new PublishMessage(
        request.getName(),
        request.getCorrelationKey(),
        request.getTimeToLive(),
        absentIfEmpty(request.getMessageId()),
        variables(request.getVariables()),
        absentIfEmpty(request.getTenantId()));
  }

  /** The deprecated DeployProcess is a resource deployment of its BPMN files. */
  static DeployResources command(final DeployProcessRequest request) {
    final List<DeployResources.Resource> resources = new ArrayList<>(request.getProcessesCount());
    for (final ProcessRequestObject process : request.getProcessesList()) {
      resources.add(
          new DeployResources.Resource(process.getName(), process.getDefinition().toByteArray()));
    }
    return new DeployResources(resources, null);
  }

  static StreamJobs command(final StreamActivatedJobsRequest request) {
    return new StreamJobs(
        request.getType(),
        request.getWorker(),
        request.getTimeout(),
        request.getFetchVariableList(),
        request.getTenantIdsList());
  }

  static EvaluateDecision command(final EvaluateDecisionRequest request) {
    return new EvaluateDecision(
        request.getDecisionKey() > 0 ? request.getDecisionKey() : null,
        absentIfBlank(request.getDecisionId()),
        variables(request.getVariables()),
        absentIfEmpty(request.getTenantId()));
  }

  static SetVariables command(final SetVariablesRequest request) {
    return new SetVariables(
        request.getElementInstanceKey(),
        variables(request.getVariables()),
        request.getLocal(),
        operationReference(request));
  }

  static ModifyProcessInstance command(final ModifyProcessInstanceRequest request) {
    final var activations =
        new ArrayList<ModifyProcessInstance.ActivateInstruction>(
            request.getActivateInstructionsCount());
    for (int i = 0; i < request.getActivateInstructionsCount(); i++) {
      final ActivateInstruction activation = request.getActivateInstructions(i);
      final var variables =
          new ArrayList<ModifyProcessInstance.VariableInstruction>(
              activation.getVariableInstructionsCount());
      for (int j = 0; j < activation.getVariableInstructionsCount(); j++) {
        final VariableInstruction variable = activation.getVariableInstructions(j);
        variables.add(
            new ModifyProcessInstance.VariableInstruction(
                JsonDocument.fromJson(
                    FieldRules.element(
                            FieldRules.element("activateInstructions", i) + ".variableInstructions",
                            j)
                        + ".variables",
                    variable.getVariables()),
                absentIfEmpty(variable.getScopeId())));
      }
      activations.add(
          new ModifyProcessInstance.ActivateInstruction(
              activation.getElementId(), activation.getAncestorElementInstanceKey(), variables));
    }
    final var terminations = new ArrayList<Long>(request.getTerminateInstructionsCount());
    for (final TerminateInstruction termination : request.getTerminateInstructionsList()) {
      terminations.add(termination.getElementInstanceKey());
    }
    return new ModifyProcessInstance(
        request.getProcessInstanceKey(), activations, terminations, operationReference(request));
  }

  static MigrateProcessInstance command(final MigrateProcessInstanceRequest request) {
    final var plan = request.getMigrationPlan();
    final var mappings =
        new ArrayList<MigrateProcessInstance.MappingInstruction>(
            plan.getMappingInstructionsCount());
    for (final MappingInstruction mapping : plan.getMappingInstructionsList()) {
      mappings.add(
          new MigrateProcessInstance.MappingInstruction(
              mapping.getSourceElementId(), mapping.getTargetElementId()));
    }
    return new MigrateProcessInstance(
        request.getProcessInstanceKey(),
        plan.getTargetProcessDefinitionKey(),
        mappings,
        operationReference(request));
  }

  static BroadcastSignal command(final BroadcastSignalRequest request) {
    return new BroadcastSignal(
        request.getSignalName(),
        variables(request.getVariables()),
        absentIfEmpty(request.getTenantId()));
  }

  /**
   * A command's optional {@code operationReference}, null when unset (proto presence is the REST
   * API's null). Read by name: every command that has one names it so, and none is on a hot path.
   */
  static Long operationReference(final MessageOrBuilder request) {
    final FieldDescriptor field =
        request.getDescriptorForType().findFieldByName("operationReference");
    return request.hasField(field) ? (Long) request.getField(field) : null;
  }

  /** A command's {@code variables} document, checked as a JSON object when it is read. */
  static JsonDocument variables(final String json) {
    return JsonDocument.fromJson("variables", json);
  }

  /** Variables: the stock gateway treats a blank document as no variables. */
  static String absentIfBlank(final String value) {
    return value.isBlank() ? null : value;
  }

  static String absentIfEmpty(final String value) {
    return value.isEmpty() ? null : value;
  }
}
