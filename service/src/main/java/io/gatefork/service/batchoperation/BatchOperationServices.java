package io.gatefork.service.batchoperation;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

/**
 * Batch operations: creating one from a search filter ({@code BATCH_OPERATION_CREATION}, resolved
 * by the brokers against their secondary storage) and the lifecycle of an existing one ({@code
 * BATCH_OPERATION_LIFECYCLE_MANAGEMENT} on the partition of its key, which leads it).
 */
public interface BatchOperationServices {

  /** {@code CREATE}: the broker answers {@code CREATED} with the new operation's key. */
  CompletableFuture<BatchOperationCreated> create(
      RequestContext context, CreateBatchOperation command);

  /** {@code CANCEL}: the broker answers {@code CANCELED}. */
  CompletableFuture<Void> cancel(RequestContext context, long batchOperationKey);

  /** {@code SUSPEND}: the broker answers {@code SUSPENDED}. */
  CompletableFuture<Void> suspend(RequestContext context, long batchOperationKey);

  /** {@code RESUME}: the broker answers {@code RESUMED}. */
  CompletableFuture<Void> resume(RequestContext context, long batchOperationKey);
}
