package io.gatefork.service.deployment;

import java.util.List;

/**
 * What a deployment created; the shapes of the REST response and {@code DeployResourceResponse}.
 */
public record DeploymentResult(
    long deploymentKey,
    String tenantId,
    List<ProcessMetadata> processes,
    List<DecisionMetadata> decisions,
    List<DecisionRequirementsMetadata> decisionRequirements,
    List<FormMetadata> forms,
    List<ResourceMetadata> resources) {

  public record ProcessMetadata(
      String bpmnProcessId,
      int version,
      long processDefinitionKey,
      String resourceName,
      String tenantId) {}

  public record DecisionMetadata(
      String dmnDecisionId,
      String dmnDecisionName,
      int version,
      long decisionKey,
      String dmnDecisionRequirementsId,
      long decisionRequirementsKey,
      String tenantId) {}

  public record DecisionRequirementsMetadata(
      String dmnDecisionRequirementsId,
      String dmnDecisionRequirementsName,
      int version,
      long decisionRequirementsKey,
      String resourceName,
      String tenantId) {}

  public record FormMetadata(
      String formId, int version, long formKey, String resourceName, String tenantId) {}

  public record ResourceMetadata(
      String resourceId, int version, long resourceKey, String resourceName, String tenantId) {}
}
