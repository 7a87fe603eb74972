package io.gatefork.service.batchoperation;

import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationCreationRecord;
import io.camunda.zeebe.protocol.impl.record.value.batchoperation.BatchOperationLifecycleManagementRecord;
import io.camunda.zeebe.protocol.record.intent.BatchOperationIntent;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

public final class BrokerBatchOperationServices extends ApiServices
    implements BatchOperationServices {

  public BrokerBatchOperationServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<BatchOperationCreated> create(
      final RequestContext context, final CreateBatchOperation command) {
    final BrokerRequest<BatchOperationCreationRecord> request;
    try {
      request =
          BrokerRequests.createBatchOperation(
              BatchOperationRecords.toRecord(command, context.caller(), context.operation()));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(
        context,
        request,
        answer ->
            new BatchOperationCreated(
                answer.value().getBatchOperationKey() > 0
                    ? answer.value().getBatchOperationKey()
                    : answer.key(),
                command.type()));
  }

  @Override
  public CompletableFuture<Void> cancel(final RequestContext context, final long key) {
    return lifecycle(context, BatchOperationIntent.CANCEL, key);
  }

  @Override
  public CompletableFuture<Void> suspend(final RequestContext context, final long key) {
    return lifecycle(context, BatchOperationIntent.SUSPEND, key);
  }

  @Override
  public CompletableFuture<Void> resume(final RequestContext context, final long key) {
    return lifecycle(context, BatchOperationIntent.RESUME, key);
  }

  private CompletableFuture<Void> lifecycle(
      final RequestContext context, final BatchOperationIntent intent, final long key) {
    final BrokerRequest<BatchOperationLifecycleManagementRecord> request;
    try {
      final long batchOperationKey = FieldRules.requireKey("batchOperationKey", key);
      request =
          BrokerRequests.batchOperationLifecycle(
              intent,
              batchOperationKey,
              new BatchOperationLifecycleManagementRecord()
                  .setBatchOperationKey(batchOperationKey));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }
}
