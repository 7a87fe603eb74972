package io.gatefork.service.adhocsubprocess;

import io.camunda.zeebe.protocol.impl.record.value.adhocsubprocess.AdHocSubProcessInstructionRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocuments;
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
      if (command == null || command.elements() == null || command.elements().isEmpty()) {
        throw FieldRules.invalid("elements", "expected at least one element");
      }
      final long key =
          FieldRules.requireKey("adHocSubProcessInstanceKey", command.adHocSubProcessInstanceKey());
      final var record =
          new AdHocSubProcessInstructionRecord()
              .setAdHocSubProcessInstanceKey(key)
              .setCancelRemainingInstances(command.cancelRemainingInstances());
      for (int i = 0; i < command.elements().size(); i++) {
        final var element = command.elements().get(i);
        final String field = "elements[" + i + "]";
        if (element == null) {
          throw FieldRules.invalid(field, "must not be empty");
        }
        final var instruction =
            record
                .activateElements()
                .add()
                .setElementId(FieldRules.requireText(field + ".elementId", element.elementId()));
        final DirectBuffer variables =
            JsonDocuments.toMsgPack(field + ".variables", element.variablesJson());
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
