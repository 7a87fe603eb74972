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

  /**
   * Reads a deployed resource from the engine's state ({@code RESOURCE.FETCH}; the broker answers
   * {@code FETCHED}, or rejects with {@code NOT_FOUND}). Only resources deployed as such (e.g. RPA
   * scripts) are found, not process or decision definitions.
   */
  CompletableFuture<FetchedResource> fetch(RequestContext context, long resourceKey);
}
