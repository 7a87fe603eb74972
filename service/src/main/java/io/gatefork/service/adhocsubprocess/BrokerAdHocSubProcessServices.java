package io.gatefork.service.adhocsubprocess;

import io.camunda.zeebe.protocol.impl.record.value.adhocsubprocess.AdHocSubProcessInstructionRecord;
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

/** Sends ad-hoc sub-process instructions to the partition of the sub-process instance. */
public final class BrokerAdHocSubProcessServices extends ApiServices
    implements AdHocSubProcessServices {

  public BrokerAdHocSubProcessServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<Void> activateActivities(
      final RequestContext context, final ActivateAdHocSubProcessActivities command) {
    final BrokerRequest<AdHocSubProcessInstructionRecord> request;
    try {
      // the command checked its elements and their ids
      final long key =
          FieldRules.requireKey("adHocSubProcessInstanceKey", command.adHocSubProcessInstanceKey());
      final var record =
          new AdHocSubProcessInstructionRecord()
              .setAdHocSubProcessInstanceKey(key)
              .setCancelRemainingInstances(command.cancelRemainingInstances());
      for (int i = 0; i < command.elements().size(); i++) {
        final var element = command.elements().get(i);
        final var instruction = record.activateElements().add().setElementId(element.elementId());
        final DirectBuffer variables = JsonDocument.bufferOf(element.variables());
        if (variables != null) {
          instruction.setVariables(variables);
        }
      }
      request = BrokerRequests.activateAdHocSubProcessActivities(key, record);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }
}
