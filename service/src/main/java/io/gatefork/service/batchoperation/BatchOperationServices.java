package io.gatefork.service.batchoperation;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

/**
 * The lifecycle of an existing batch operation ({@code BATCH_OPERATION_LIFECYCLE_MANAGEMENT} on
 * the partition of its key, which leads it). Creating one needs a search filter the brokers
 * resolve against secondary storage: not served here.
 */
public interface BatchOperationServices {

  /** {@code CANCEL}: the broker answers {@code CANCELED}. */
  CompletableFuture<Void> cancel(RequestContext context, long batchOperationKey);

  /** {@code SUSPEND}: the broker answers {@code SUSPENDED}. */
  CompletableFuture<Void> suspend(RequestContext context, long batchOperationKey);

  /** {@code RESUME}: the broker answers {@code RESUMED}. */
  CompletableFuture<Void> resume(RequestContext context, long batchOperationKey);
}
