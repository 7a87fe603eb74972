package io.gatefork.service.clock;

import io.camunda.zeebe.protocol.impl.record.value.clock.ClockRecord;
import io.camunda.zeebe.protocol.record.intent.ClockIntent;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

public final class BrokerClockServices extends ApiServices implements ClockServices {

  public BrokerClockServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<Void> pin(final RequestContext context, final long epochMillis) {
    final BrokerRequest<ClockRecord> request;
    try {
      request =
          BrokerRequests.clock(
              ClockIntent.PIN,
              new ClockRecord().pinAt(FieldRules.notNegative("timestamp", epochMillis)));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<Void> reset(final RequestContext context) {
    return send(
        context, BrokerRequests.clock(ClockIntent.RESET, new ClockRecord()), answer -> null);
  }
}
