package io.gatefork.service.variable;

import io.camunda.zeebe.protocol.impl.record.value.variable.VariableDocumentRecord;
import io.camunda.zeebe.protocol.record.value.VariableDocumentUpdateSemantic;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.agrona.DirectBuffer;

/** Sets variables on the partition of the scope's key. */
public final class BrokerVariableServices extends ApiServices implements VariableServices {

  public BrokerVariableServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<Long> setVariables(
      final RequestContext context, final SetVariables command) {
    final BrokerRequest<VariableDocumentRecord> request;
    try {
      final long scopeKey =
          FieldRules.requireKey(
              "elementInstanceKey",
              FieldRules.require("elementInstanceKey", command).elementInstanceKey());
      final var record =
          new VariableDocumentRecord()
              .setScopeKey(scopeKey)
              .setUpdateSemantics(
                  command.local()
                      ? VariableDocumentUpdateSemantic.LOCAL
                      : VariableDocumentUpdateSemantic.PROPAGATE);
      final DirectBuffer variables = JsonDocument.bufferOf(command.variables());
      if (variables != null) {
        record.setVariables(variables);
      }
      request =
          withOperationReference(
              BrokerRequests.setVariables(scopeKey, record), command.operationReference());
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> answer.key());
  }
}
