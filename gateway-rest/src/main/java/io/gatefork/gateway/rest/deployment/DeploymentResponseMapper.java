package io.gatefork.gateway.rest.deployment;

import io.gatefork.gateway.rest.deployment.DeploymentResponse.DecisionDefinition;
import io.gatefork.gateway.rest.deployment.DeploymentResponse.DecisionRequirements;
import io.gatefork.gateway.rest.deployment.DeploymentResponse.DeploymentMetadata;
import io.gatefork.gateway.rest.deployment.DeploymentResponse.Form;
import io.gatefork.gateway.rest.deployment.DeploymentResponse.ProcessDefinition;
import io.gatefork.gateway.rest.deployment.DeploymentResponse.Resource;
import io.gatefork.service.deployment.DeploymentResult;
import java.util.ArrayList;
import java.util.List;

/** DeploymentResult to the spec's shape: processes, decisions, DRGs, forms, then resources. */
final class DeploymentResponseMapper {

  private DeploymentResponseMapper() {}

  static DeploymentResponse toResponse(final DeploymentResult result) {
    final var items = new ArrayList<DeploymentMetadata>();
    for (final var process : orEmpty(result.processes())) {
      items.add(
          new DeploymentMetadata(
              new ProcessDefinition(
                  process.bpmnProcessId(),
                  process.version(),
                  process.resourceName(),
                  process.tenantId(),
                  Long.toString(process.processDefinitionKey())),
              null,
              null,
              null,
              null));
    }
    for (final var decision : orEmpty(result.decisions())) {
      items.add(
          new DeploymentMetadata(
              null,
              new DecisionDefinition(
                  decision.dmnDecisionId(),
                  decision.version(),
                  decision.dmnDecisionName(),
                  decision.tenantId(),
                  decision.dmnDecisionRequirementsId(),
                  Long.toString(decision.decisionKey()),
                  Long.toString(decision.decisionRequirementsKey())),
              null,
              null,
              null));
    }
    for (final var drg : orEmpty(result.decisionRequirements())) {
      items.add(
          new DeploymentMetadata(
              null,
              null,
              new DecisionRequirements(
                  drg.dmnDecisionRequirementsId(),
                  drg.version(),
                  drg.dmnDecisionRequirementsName(),
                  drg.tenantId(),
                  drg.resourceName(),
                  Long.toString(drg.decisionRequirementsKey())),
              null,
              null));
    }
    for (final var form : orEmpty(result.forms())) {
      items.add(
          new DeploymentMetadata(
              null,
              null,
              null,
              new Form(
                  form.formId(),
                  form.version(),
                  form.resourceName(),
                  form.tenantId(),
                  Long.toString(form.formKey())),
              null));
    }
    for (final var resource : orEmpty(result.resources())) {
      items.add(
          new DeploymentMetadata(
              null,
              null,
              null,
              null,
              new Resource(
                  resource.resourceId(),
                  resource.version(),
                  resource.resourceName(),
                  resource.tenantId(),
                  Long.toString(resource.resourceKey()))));
    }
    return new DeploymentResponse(Long.toString(result.deploymentKey()), result.tenantId(), items);
  }

  private static <T> List<T> orEmpty(final List<T> list) {
    return list == null ? List.of() : list;
  }
}
