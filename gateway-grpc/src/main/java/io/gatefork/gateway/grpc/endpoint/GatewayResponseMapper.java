package io.gatefork.gateway.grpc.endpoint;

import io.camunda.zeebe.gateway.protocol.GatewayOuterClass;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob.JobKind;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ActivatedJob.ListenerEventType;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BroadcastSignalResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.BrokerInfo;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.CreateProcessInstanceWithResultResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DecisionMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DecisionRequirementsMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployProcessResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.DeployResourceResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Deployment;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluateDecisionResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluatedDecision;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluatedDecisionInput;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.EvaluatedDecisionOutput;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.FormMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.MatchedDecisionRule;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Partition;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Partition.PartitionBrokerHealth;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.Partition.PartitionBrokerRole;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.ProcessMetadata;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.PublishMessageResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.SetVariablesResponse;
import io.camunda.zeebe.gateway.protocol.GatewayOuterClass.TopologyResponse;
import io.gatefork.service.decision.DecisionEvaluationResult;
import io.gatefork.service.deployment.DeploymentResult;
import io.gatefork.service.job.ActivatedJob;
import io.gatefork.service.message.MessagePublished;
import io.gatefork.service.processinstance.ProcessInstanceCreated;
import io.gatefork.service.processinstance.ProcessInstanceResult;
import io.gatefork.service.signal.SignalBroadcasted;
import io.gatefork.service.topology.ClusterTopology;
import java.util.List;

/**
 * Turns service results into gRPC responses. Protobuf setters reject null, so every optional string
 * of a result goes through {@link #text}.
 */
final class GatewayResponseMapper {

  private GatewayResponseMapper() {}

  static TopologyResponse topology(final ClusterTopology topology) {
    final var response =
        TopologyResponse.newBuilder()
            .setClusterSize(topology.clusterSize())
            .setPartitionsCount(topology.partitionsCount())
            .setReplicationFactor(topology.replicationFactor())
            .setGatewayVersion(text(topology.gatewayVersion()));
    for (final ClusterTopology.Broker broker : topology.brokers()) {
      final var info =
          BrokerInfo.newBuilder()
              .setNodeId(broker.nodeId())
              .setHost(text(broker.host()))
              .setPort(broker.port())
              .setVersion(text(broker.version()));
      for (final ClusterTopology.Partition partition : broker.partitions()) {
        info.addPartitions(
            Partition.newBuilder()
                .setPartitionId(partition.partitionId())
                .setRole(role(partition.role()))
                .setHealth(health(partition.health())));
      }
      response.addBrokers(info);
    }
    return response.build();
  }

  /**
   * Generic resources ({@link DeploymentResult#resources()}) have no representation in the 8.8
   * {@code Deployment} message, so gRPC clients do not see them (as with the stock gateway).
   */
  static DeployResourceResponse deployResource(final DeploymentResult result) {
    final var response =
        DeployResourceResponse.newBuilder()
            .setKey(result.deploymentKey())
            .setTenantId(text(result.tenantId()));
    for (final DeploymentResult.ProcessMetadata process : list(result.processes())) {
      response.addDeployments(
          Deployment.newBuilder()
              .setProcess(
                  ProcessMetadata.newBuilder()
                      .setBpmnProcessId(text(process.bpmnProcessId()))
                      .setVersion(process.version())
                      .setProcessDefinitionKey(process.processDefinitionKey())
                      .setResourceName(text(process.resourceName()))
                      .setTenantId(text(process.tenantId()))));
    }
    for (final DeploymentResult.DecisionMetadata decision : list(result.decisions())) {
      response.addDeployments(
          Deployment.newBuilder()
              .setDecision(
                  DecisionMetadata.newBuilder()
                      .setDmnDecisionId(text(decision.dmnDecisionId()))
                      .setDmnDecisionName(text(decision.dmnDecisionName()))
                      .setVersion(decision.version())
                      .setDecisionKey(decision.decisionKey())
                      .setDmnDecisionRequirementsId(text(decision.dmnDecisionRequirementsId()))
                      .setDecisionRequirementsKey(decision.decisionRequirementsKey())
                      .setTenantId(text(decision.tenantId()))));
    }
    for (final DeploymentResult.DecisionRequirementsMetadata drg :
        list(result.decisionRequirements())) {
      response.addDeployments(
          Deployment.newBuilder()
              .setDecisionRequirements(
                  DecisionRequirementsMetadata.newBuilder()
                      .setDmnDecisionRequirementsId(text(drg.dmnDecisionRequirementsId()))
                      .setDmnDecisionRequirementsName(text(drg.dmnDecisionRequirementsName()))
                      .setVersion(drg.version())
                      .setDecisionRequirementsKey(drg.decisionRequirementsKey())
                      .setResourceName(text(drg.resourceName()))
                      .setTenantId(text(drg.tenantId()))));
    }
    for (final DeploymentResult.FormMetadata form : list(result.forms())) {
      response.addDeployments(
          Deployment.newBuilder()
              .setForm(
                  FormMetadata.newBuilder()
                      .setFormId(text(form.formId()))
                      .setVersion(form.version())
                      .setFormKey(form.formKey())
                      .setResourceName(text(form.resourceName()))
                      .setTenantId(text(form.tenantId()))));
    }
    return response.build();
  }

  /** The deprecated DeployProcess answers with the deployed processes only. */
  static DeployProcessResponse deployProcess(final DeploymentResult result) {
    final var response = DeployProcessResponse.newBuilder().setKey(result.deploymentKey());
    for (final DeploymentResult.ProcessMetadata process : list(result.processes())) {
      response.addProcesses(
          ProcessMetadata.newBuilder()
              .setBpmnProcessId(text(process.bpmnProcessId()))
              .setVersion(process.version())
              .setProcessDefinitionKey(process.processDefinitionKey())
              .setResourceName(text(process.resourceName()))
              .setTenantId(text(process.tenantId())));
    }
    return response.build();
  }

  /**
   * As the stock gateway: the evaluation key twice (decisionInstanceKey is its deprecated name),
   * and either the output or, for a failed evaluation, the failed decision and message.
   */
  static EvaluateDecisionResponse decisionEvaluated(final DecisionEvaluationResult result) {
    final var response =
        EvaluateDecisionResponse.newBuilder()
            .setDecisionInstanceKey(result.decisionEvaluationKey())
            .setDecisionEvaluationKey(result.decisionEvaluationKey())
            .setDecisionKey(result.decisionKey())
            .setDecisionId(text(result.decisionId()))
            .setDecisionName(text(result.decisionName()))
            .setDecisionVersion(result.decisionVersion())
            .setDecisionRequirementsId(text(result.decisionRequirementsId()))
            .setDecisionRequirementsKey(result.decisionRequirementsKey())
            .setTenantId(text(result.tenantId()));
    for (final DecisionEvaluationResult.EvaluatedDecision decision :
        list(result.evaluatedDecisions())) {
      final var evaluated =
          EvaluatedDecision.newBuilder()
              .setDecisionKey(decision.decisionKey())
              .setDecisionId(text(decision.decisionId()))
              .setDecisionName(text(decision.decisionName()))
              .setDecisionVersion(decision.decisionVersion())
              .setDecisionType(text(decision.decisionType()))
              .setDecisionOutput(text(decision.decisionOutput()))
              .setTenantId(text(decision.tenantId()))
              .setDecisionEvaluationInstanceKey(text(decision.decisionEvaluationInstanceKey()));
      for (final DecisionEvaluationResult.EvaluatedInput input : list(decision.evaluatedInputs())) {
        evaluated.addEvaluatedInputs(
            EvaluatedDecisionInput.newBuilder()
                .setInputId(text(input.inputId()))
                .setInputName(text(input.inputName()))
                .setInputValue(text(input.inputValue())));
      }
      for (final DecisionEvaluationResult.MatchedRule rule : list(decision.matchedRules())) {
        final var matched =
            MatchedDecisionRule.newBuilder()
                .setRuleId(text(rule.ruleId()))
                .setRuleIndex(rule.ruleIndex());
        for (final DecisionEvaluationResult.EvaluatedOutput output :
            list(rule.evaluatedOutputs())) {
          matched.addEvaluatedOutputs(
              EvaluatedDecisionOutput.newBuilder()
                  .setOutputId(text(output.outputId()))
                  .setOutputName(text(output.outputName()))
                  .setOutputValue(text(output.outputValue())));
        }
        evaluated.addMatchedRules(matched);
      }
      response.addEvaluatedDecisions(evaluated);
    }
    if (result.failed()) {
      response
          .setFailedDecisionId(text(result.failedDecisionId()))
          .setFailureMessage(text(result.failureMessage()));
    } else {
      response.setDecisionOutput(text(result.decisionOutput()));
    }
    return response.build();
  }

  static SetVariablesResponse variablesSet(final Long key) {
    return SetVariablesResponse.newBuilder().setKey(key == null ? 0L : key).build();
  }

  static BroadcastSignalResponse signalBroadcasted(final SignalBroadcasted broadcasted) {
    return BroadcastSignalResponse.newBuilder()
        .setKey(broadcasted.signalKey())
        .setTenantId(text(broadcasted.tenantId()))
        .build();
  }

  static CreateProcessInstanceResponse processInstanceCreated(
      final ProcessInstanceCreated created) {
    return CreateProcessInstanceResponse.newBuilder()
        .setProcessDefinitionKey(created.processDefinitionKey())
        .setBpmnProcessId(text(created.bpmnProcessId()))
        .setVersion(created.version())
        .setProcessInstanceKey(created.processInstanceKey())
        .setTenantId(text(created.tenantId()))
        .addAllTags(list(created.tags()))
        .build();
  }

  static CreateProcessInstanceWithResultResponse processInstanceResult(
      final ProcessInstanceResult result) {
    return CreateProcessInstanceWithResultResponse.newBuilder()
        .setProcessDefinitionKey(result.processDefinitionKey())
        .setBpmnProcessId(text(result.bpmnProcessId()))
        .setVersion(result.version())
        .setProcessInstanceKey(result.processInstanceKey())
        .setVariables(result.variables().toJson())
        .setTenantId(text(result.tenantId()))
        .addAllTags(list(result.tags()))
        .build();
  }

  static PublishMessageResponse messagePublished(final MessagePublished published) {
    return PublishMessageResponse.newBuilder()
        .setKey(published.messageKey())
        .setTenantId(text(published.tenantId()))
        .build();
  }

  static GatewayOuterClass.ActivatedJob activatedJob(final ActivatedJob job) {
    return GatewayOuterClass.ActivatedJob.newBuilder()
        .setKey(job.key())
        .setType(text(job.type()))
        .setProcessInstanceKey(job.processInstanceKey())
        .setBpmnProcessId(text(job.bpmnProcessId()))
        .setProcessDefinitionVersion(job.processDefinitionVersion())
        .setProcessDefinitionKey(job.processDefinitionKey())
        .setElementId(text(job.elementId()))
        .setElementInstanceKey(job.elementInstanceKey())
        .setCustomHeaders(job.customHeaders().toJson())
        .setWorker(text(job.worker()))
        .setRetries(job.retries())
        .setDeadline(job.deadline())
        .setVariables(job.variables().toJson())
        .setTenantId(text(job.tenantId()))
        .setKind(kind(job.kind()))
        .setListenerEventType(listenerEventType(job.listenerEventType()))
        .build();
  }

  private static PartitionBrokerRole role(final String role) {
    return switch (text(role)) {
      case "LEADER" -> PartitionBrokerRole.LEADER;
      case "FOLLOWER" -> PartitionBrokerRole.FOLLOWER;
      default -> PartitionBrokerRole.INACTIVE;
    };
  }

  private static PartitionBrokerHealth health(final String health) {
    return switch (text(health)) {
      case "HEALTHY" -> PartitionBrokerHealth.HEALTHY;
      case "UNHEALTHY" -> PartitionBrokerHealth.UNHEALTHY;
      default -> PartitionBrokerHealth.DEAD;
    };
  }

  // a switch, not valueOf: an unexpected name must not cost an exception per job
  private static JobKind kind(final String kind) {
    return switch (text(kind)) {
      case "EXECUTION_LISTENER" -> JobKind.EXECUTION_LISTENER;
      case "TASK_LISTENER" -> JobKind.TASK_LISTENER;
      case "AD_HOC_SUB_PROCESS" -> JobKind.AD_HOC_SUB_PROCESS;
      default -> JobKind.BPMN_ELEMENT;
    };
  }

  private static ListenerEventType listenerEventType(final String type) {
    return switch (text(type)) {
      case "ASSIGNING" -> ListenerEventType.ASSIGNING;
      case "CANCELING" -> ListenerEventType.CANCELING;
      case "COMPLETING" -> ListenerEventType.COMPLETING;
      case "CREATING" -> ListenerEventType.CREATING;
      case "END" -> ListenerEventType.END;
      case "START" -> ListenerEventType.START;
      case "UPDATING" -> ListenerEventType.UPDATING;
      default -> ListenerEventType.UNSPECIFIED;
    };
  }

  private static String text(final String value) {
    return value != null ? value : "";
  }

  private static <T> List<T> list(final List<T> values) {
    return values != null ? values : List.of();
  }
}
