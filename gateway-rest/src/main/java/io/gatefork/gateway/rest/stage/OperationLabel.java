package io.gatefork.gateway.rest.stage;

import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import jakarta.servlet.ServletRequest;

/**
 * For the handler whose operation depends on its body (process-instance creation with {@code
 * awaitCompletion} is {@link Operation#CREATE_PROCESS_INSTANCE_WITH_RESULT}): re-labels the request
 * before the service is called, so that its stages are recorded, and its tenant checks worded,
 * under the operation it turned out to be. Resolved as a handler parameter ({@link
 * OperationLabelArgumentResolver}).
 */
public final class OperationLabel {
  private final ServletRequest request;

  OperationLabel(final ServletRequest request) {
    this.request = request;
  }

  /** The context of the same request handled as {@code operation}. */
  public RequestContext relabel(final RequestContext context, final Operation operation) {
    RequestStages.relabel(request, operation);
    return context.withOperation(operation);
  }
}
