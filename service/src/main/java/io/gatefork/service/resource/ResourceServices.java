package io.gatefork.service.resource;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

public interface ResourceServices {

  /**
   * Deletes a deployed resource: a process definition, a decision requirements graph, a form or
   * another resource ({@code RESOURCE_DELETION.DELETE}; the broker answers {@code DELETED}).
   *
   * @param operationReference null when absent
   */
  CompletableFuture<Void> delete(RequestContext context, long resourceKey, Long operationReference);
}
