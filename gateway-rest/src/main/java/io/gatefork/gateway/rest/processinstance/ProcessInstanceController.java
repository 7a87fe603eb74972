package io.gatefork.gateway.rest.processinstance;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.stage.OperationLabel;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.processinstance.ProcessInstanceServices;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/** Create, cancel, modify and migrate process instances. */
@RestController
@RequestMapping(
    path = "/v2/process-instances",
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class ProcessInstanceController {
  private static final String PROCESS_INSTANCE_KEY = "processInstanceKey";
  private final ProcessInstanceServices processInstanceServices;

  public ProcessInstanceController(final ProcessInstanceServices processInstanceServices) {
    this.processInstanceServices = processInstanceServices;
  }

  /**
   * 200 with the created instance; with {@code awaitCompletion} the answer waits (holding no
   * thread) for the instance to complete and carries its variables, for as long as the client's
   * requestTimeout even beyond the container's default async timeout. That variant is its own
   * operation, {@code create-process-instance-with-result}: its latency is the instance's run time.
   */
  @GatewayOperation(Operation.CREATE_PROCESS_INSTANCE)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public DeferredResult<ResponseEntity<Object>> createProcessInstance(
      @RequestBody final ProcessInstanceCreationRequest body,
      final RequestContext context,
      final OperationLabel label) {
    final var creation = ProcessInstanceRequestMapper.toCreation(body, context, label);
    final CompletableFuture<ResponseEntity<Object>> answer =
        creation.awaitsCompletion()
            ? AsyncResponses.ok(
                processInstanceServices.createWithResult(
                    creation.context(),
                    creation.command(),
                    creation.requestTimeout(),
                    creation.fetchVariables()),
                ProcessInstanceResponseMapper::toResponse)
            : AsyncResponses.ok(
                processInstanceServices.create(creation.context(), creation.command()),
                ProcessInstanceResponseMapper::toResponse);
    return AsyncResponses.withClientTimeout(answer, creation.requestTimeout());
  }

  /** 204; the body (operationReference) is optional. */
  @GatewayOperation(Operation.CANCEL_PROCESS_INSTANCE)
  @PostMapping(
      path = "/{processInstanceKey}/cancellation",
      consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> cancelProcessInstance(
      @PathVariable final String processInstanceKey,
      @RequestBody(required = false) final CancelProcessInstanceRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(PROCESS_INSTANCE_KEY, processInstanceKey);
    final Long operationReference = ProcessInstanceRequestMapper.cancelOperationReference(body);
    return AsyncResponses.noContent(
        processInstanceServices.cancel(context, key, operationReference));
  }

  /** 204 once the broker modified the instance (activations and terminations in one step). */
  @GatewayOperation(Operation.MODIFY_PROCESS_INSTANCE)
  @PostMapping(
      path = "/{processInstanceKey}/modification",
      consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> modifyProcessInstance(
      @PathVariable final String processInstanceKey,
      @RequestBody final ModifyProcessInstanceRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(PROCESS_INSTANCE_KEY, processInstanceKey);
    return AsyncResponses.noContent(
        processInstanceServices.modify(
            context, ProcessInstanceRequestMapper.toModifyProcessInstance(key, body)));
  }

  /** 204 once the broker migrated the instance to the target definition. */
  @GatewayOperation(Operation.MIGRATE_PROCESS_INSTANCE)
  @PostMapping(
      path = "/{processInstanceKey}/migration",
      consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> migrateProcessInstance(
      @PathVariable final String processInstanceKey,
      @RequestBody final MigrateProcessInstanceRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(PROCESS_INSTANCE_KEY, processInstanceKey);
    return AsyncResponses.noContent(
        processInstanceServices.migrate(
            context, ProcessInstanceRequestMapper.toMigrateProcessInstance(key, body)));
  }
}
