package io.gatefork.gateway.rest.batchoperation;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.RequestContext;
import io.gatefork.service.batchoperation.BatchOperationServices;
import io.gatefork.service.operation.Operation;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Cancel, suspend and resume a batch operation by its key. The spec also accepts legacy Operate ids
 * (UUIDs); those live in secondary storage only, so here the key must be numeric. A request body,
 * which the spec allows but defines nothing for, is ignored.
 */
@RestController
@RequestMapping(
    path = "/v2/batch-operations/{batchOperationKey}",
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class BatchOperationController {
  private static final String BATCH_OPERATION_KEY = "batchOperationKey";

  private final BatchOperationServices batchOperationServices;

  public BatchOperationController(final BatchOperationServices batchOperationServices) {
    this.batchOperationServices = batchOperationServices;
  }

  @GatewayOperation(Operation.CANCEL_BATCH_OPERATION)
  @PostMapping("/cancellation")
  public CompletableFuture<ResponseEntity<Object>> cancelBatchOperation(
      @PathVariable final String batchOperationKey, final RequestContext context) {
    return AsyncResponses.noContent(batchOperationServices.cancel(context, key(batchOperationKey)));
  }

  @GatewayOperation(Operation.SUSPEND_BATCH_OPERATION)
  @PostMapping("/suspension")
  public CompletableFuture<ResponseEntity<Object>> suspendBatchOperation(
      @PathVariable final String batchOperationKey, final RequestContext context) {
    return AsyncResponses.noContent(
        batchOperationServices.suspend(context, key(batchOperationKey)));
  }

  @GatewayOperation(Operation.RESUME_BATCH_OPERATION)
  @PostMapping("/resumption")
  public CompletableFuture<ResponseEntity<Object>> resumeBatchOperation(
      @PathVariable final String batchOperationKey, final RequestContext context) {
    return AsyncResponses.noContent(batchOperationServices.resume(context, key(batchOperationKey)));
  }

  private static long key(final String batchOperationKey) {
    return LongKeys.parse(BATCH_OPERATION_KEY, batchOperationKey);
  }
}
