package io.gatefork.service.resource;

import io.camunda.zeebe.protocol.impl.record.value.deployment.ResourceRecord;
import io.camunda.zeebe.protocol.impl.record.value.resource.ResourceDeletionRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Deletes resources through the deployment partition, which distributes the deletion, and reads
 * deployed resources.
 */
public final class BrokerResourceServices extends ApiServices implements ResourceServices {

  public BrokerResourceServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<Void> delete(
      final RequestContext context, final long resourceKey, final Long operationReference) {
    final BrokerRequest<ResourceDeletionRecord> request;
    try {
      final var record =
          new ResourceDeletionRecord()
              .setResourceKey(FieldRules.requireKey("resourceKey", resourceKey));
      request = withOperationReference(BrokerRequests.deleteResource(record), operationReference);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<FetchedResource> fetch(
      final RequestContext context, final long resourceKey) {
    final BrokerRequest<ResourceRecord> request;
    try {
      final long key = FieldRules.requireKey("resourceKey", resourceKey);
      request = BrokerRequests.fetchResource(key, new ResourceRecord().setResourceKey(key));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, BrokerResourceServices::toFetched);
  }

  private static FetchedResource toFetched(final BrokerResult.Accepted<ResourceRecord> answer) {
    final ResourceRecord record = answer.value();
    return new FetchedResource(
        record.getResourceKey(),
        record.getResourceId(),
        record.getResourceName(),
        record.getVersion(),
        record.getVersionTag(),
        record.getTenantId(),
        record.getDeploymentKey(),
        record.getResourceProp());
  }
}
