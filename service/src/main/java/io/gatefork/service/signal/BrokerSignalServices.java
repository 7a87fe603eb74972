package io.gatefork.service.signal;

import io.camunda.zeebe.protocol.impl.record.value.signal.SignalRecord;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.TenantIdRules;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.agrona.DirectBuffer;

/** Broadcasts signals through the deployment partition, which distributes them. */
public final class BrokerSignalServices extends ApiServices implements SignalServices {

  public BrokerSignalServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<SignalBroadcasted> broadcast(
      final RequestContext context, final BroadcastSignal command) {
    final SignalRecord record;
    try {
      FieldRules.require("signalName", command); // the command checked its name
      record =
          new SignalRecord()
              .setSignalName(command.signalName()) // the command checked it
              .setTenantId(TenantIdRules.orDefault(command.tenantId()));
      final DirectBuffer variables = JsonDocument.bufferOf(command.variables());
      if (variables != null) {
        record.setVariables(variables);
      }
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(
        context, BrokerRequests.broadcastSignal(record), BrokerSignalServices::toBroadcasted);
  }

  private static SignalBroadcasted toBroadcasted(final BrokerResult.Accepted<SignalRecord> answer) {
    return new SignalBroadcasted(answer.key(), answer.value().getTenantId());
  }
}
