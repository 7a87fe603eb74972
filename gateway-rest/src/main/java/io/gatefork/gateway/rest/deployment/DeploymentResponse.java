package io.gatefork.gateway.rest.deployment;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** {@code DeploymentResult} of the 8.8 spec; keys as strings. */
public record DeploymentResponse(
    String deploymentKey, String tenantId, List<DeploymentMetadata> deployments) {

  /** One deployed item: exactly one of the properties is set. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record DeploymentMetadata(
      ProcessDefinition processDefinition,
      DecisionDefinition decisionDefinition,
      DecisionRequirements decisionRequirements,
      Form form,
      Resource resource) {}

  public record ProcessDefinition(
      String processDefinitionId,
      int processDefinitionVersion,
      String resourceName,
      String tenantId,
      String processDefinitionKey) {}

  public record DecisionDefinition(
      String decisionDefinitionId,
      int version,
      String name,
      String tenantId,
      String decisionRequirementsId,
      String decisionDefinitionKey,
      String decisionRequirementsKey) {}

  public record DecisionRequirements(
      String decisionRequirementsId,
      int version,
      String decisionRequirementsName,
      String tenantId,
      String resourceName,
      String decisionRequirementsKey) {}

  public record Form(
      String formId, int version, String resourceName, String tenantId, String formKey) {}

  public record Resource(
      String resourceId, int version, String resourceName, String tenantId, String resourceKey) {}
}
