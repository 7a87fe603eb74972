package io.gatefork.service.incident;

import io.camunda.zeebe.protocol.impl.record.value.incident.IncidentRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/** Resolves incidents on the partition their key names. */
public final class BrokerIncidentServices extends ApiServices implements IncidentServices {

  public BrokerIncidentServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<Void> resolve(
      final RequestContext context, final long incidentKey, final Long operationReference) {
    final BrokerRequest<IncidentRecord> request;
    try {
      request =
          withOperationReference(
              BrokerRequests.resolveIncident(
                  FieldRules.requireKey("incidentKey", incidentKey), new IncidentRecord()),
              operationReference);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }
}
