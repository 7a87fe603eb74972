package io.gatefork.service.deployment;

import io.camunda.zeebe.protocol.impl.record.value.deployment.DecisionRecord;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DecisionRequirementsMetadataRecord;
import io.camunda.zeebe.protocol.impl.record.value.deployment.DeploymentRecord;
import io.camunda.zeebe.protocol.impl.record.value.deployment.FormMetadataRecord;
import io.camunda.zeebe.protocol.impl.record.value.deployment.ProcessMetadata;
import io.camunda.zeebe.protocol.impl.record.value.deployment.ResourceMetadataRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.TenantIdRules;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/** Deploys resources through the deployment partition, which distributes them. */
public final class BrokerDeploymentServices extends ApiServices implements DeploymentServices {

  public BrokerDeploymentServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<DeploymentResult> deploy(
      final RequestContext context, final DeployResources command) {
    final DeploymentRecord record;
    try {
      record = toRecord(command);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(
        context, BrokerRequests.deployResources(record), BrokerDeploymentServices::toResult);
  }

  private static DeploymentRecord toRecord(final DeployResources command) {
    final var resources =
        FieldRules.requireNonEmpty("resources", command == null ? null : command.resources());
    final var record = new DeploymentRecord();
    for (int i = 0; i < resources.size(); i++) {
      final String field = FieldRules.element("resources", i);
      final DeployResources.Resource resource =
          FieldRules.requireElement("resources", i, resources.get(i));
      FieldRules.requireText(field + ".name", resource.name());
      if (resource.content() == null || resource.content().length == 0) {
        throw FieldRules.empty(field + ".content");
      }
      record.resources().add().setResourceName(resource.name()).setResource(resource.content());
    }
    record.setTenantId(TenantIdRules.orDefault(command.tenantId()));
    return record;
  }

  private static DeploymentResult toResult(final BrokerResult.Accepted<DeploymentRecord> answer) {
    final DeploymentRecord record = answer.value();
    final var processes = new ArrayList<DeploymentResult.ProcessMetadata>();
    for (final ProcessMetadata p : record.processesMetadata()) {
      processes.add(
          new DeploymentResult.ProcessMetadata(
              p.getBpmnProcessId(),
              p.getVersion(),
              p.getProcessDefinitionKey(),
              p.getResourceName(),
              p.getTenantId()));
    }
    final var decisions = new ArrayList<DeploymentResult.DecisionMetadata>();
    for (final DecisionRecord d : record.decisionsMetadata()) {
      decisions.add(
          new DeploymentResult.DecisionMetadata(
              d.getDecisionId(),
              d.getDecisionName(),
              d.getVersion(),
              d.getDecisionKey(),
              d.getDecisionRequirementsId(),
              d.getDecisionRequirementsKey(),
              d.getTenantId()));
    }
    final var requirements = new ArrayList<DeploymentResult.DecisionRequirementsMetadata>();
    for (final DecisionRequirementsMetadataRecord r : record.decisionRequirementsMetadata()) {
      requirements.add(
          new DeploymentResult.DecisionRequirementsMetadata(
              r.getDecisionRequirementsId(),
              r.getDecisionRequirementsName(),
              r.getDecisionRequirementsVersion(),
              r.getDecisionRequirementsKey(),
              r.getResourceName(),
              r.getTenantId()));
    }
    final var forms = new ArrayList<DeploymentResult.FormMetadata>();
    for (final FormMetadataRecord f : record.formMetadata()) {
      forms.add(
          new DeploymentResult.FormMetadata(
              f.getFormId(), f.getVersion(), f.getFormKey(), f.getResourceName(), f.getTenantId()));
    }
    final var resources = new ArrayList<DeploymentResult.ResourceMetadata>();
    for (final ResourceMetadataRecord r : record.resourceMetadata()) {
      resources.add(
          new DeploymentResult.ResourceMetadata(
              r.getResourceId(),
              r.getVersion(),
              r.getResourceKey(),
              r.getResourceName(),
              r.getTenantId()));
    }
    return new DeploymentResult(
        answer.key(),
        record.getTenantId(),
        List.copyOf(processes),
        List.copyOf(decisions),
        List.copyOf(requirements),
        List.copyOf(forms),
        List.copyOf(resources));
  }
}
