package io.gatefork.service.message;

import io.camunda.zeebe.protocol.impl.record.value.message.MessageCorrelationRecord;
import io.camunda.zeebe.protocol.impl.record.value.message.MessageRecord;
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

/** Publishes messages to the partition their correlation key hashes to. */
public final class BrokerMessageServices extends ApiServices implements MessageServices {

  public BrokerMessageServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<MessagePublished> publish(
      final RequestContext context, final PublishMessage command) {
    final MessageRecord record;
    try {
      record = toRecord(command);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    // the factory routes by the record's correlation key: fill the record first
    return send(context, BrokerRequests.publishMessage(record), BrokerMessageServices::toPublished);
  }

  @Override
  public CompletableFuture<MessageCorrelated> correlate(
      final RequestContext context, final CorrelateMessage command) {
    final MessageCorrelationRecord record;
    try {
      FieldRules.require("name", command); // the command checked its name
      record =
          new MessageCorrelationRecord()
              .setName(command.name())
              .setCorrelationKey(command.correlationKey() == null ? "" : command.correlationKey())
              .setTenantId(TenantIdRules.orDefault(command.tenantId()));
      final DirectBuffer variables = JsonDocument.bufferOf(command.variables());
      if (variables != null) {
        record.setVariables(variables);
      }
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    // routed by correlation key, like a publication, so it meets the same subscriptions
    return send(
        context, BrokerRequests.correlateMessage(record), BrokerMessageServices::toCorrelated);
  }

  private static MessageRecord toRecord(final PublishMessage command) {
    FieldRules.require("name", command);
    final var record = new MessageRecord();
    record.setName(command.name()); // the command checked its name and time to live
    record.setCorrelationKey(command.correlationKey() == null ? "" : command.correlationKey());
    record.setTimeToLive(command.timeToLiveMillis());
    if (command.messageId() != null) {
      record.setMessageId(command.messageId());
    }
    final DirectBuffer variables = JsonDocument.bufferOf(command.variables());
    if (variables != null) {
      record.setVariables(variables);
    }
    record.setTenantId(TenantIdRules.orDefault(command.tenantId()));
    return record;
  }

  private static MessageCorrelated toCorrelated(
      final BrokerResult.Accepted<MessageCorrelationRecord> answer) {
    final MessageCorrelationRecord record = answer.value();
    return new MessageCorrelated(
        record.getMessageKey(), record.getProcessInstanceKey(), record.getTenantId());
  }

  private static MessagePublished toPublished(final BrokerResult.Accepted<MessageRecord> answer) {
    return new MessagePublished(answer.key(), answer.value().getTenantId());
  }
}
