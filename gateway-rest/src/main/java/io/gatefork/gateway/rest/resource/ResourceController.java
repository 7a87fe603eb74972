package io.gatefork.gateway.rest.resource;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.gateway.rest.validation.OperationReferenceRequest;
import io.gatefork.service.RequestContext;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.resource.FetchedResource;
import io.gatefork.service.resource.ResourceServices;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Deleting deployed resources, and reading resources deployed as such (e.g. RPA scripts): both are
 * broker commands, the engine answers reads from its own state.
 */
@RestController
@RequestMapping("/v2/resources/{resourceKey}")
public class ResourceController {
  private static final String RESOURCE_KEY = "resourceKey";

  private final ResourceServices resourceServices;

  public ResourceController(final ResourceServices resourceServices) {
    this.resourceServices = resourceServices;
  }

  /** 200 without a body, as the spec has it; the body (operationReference) is optional. */
  @GatewayOperation(Operation.DELETE_RESOURCE)
  @PostMapping(
      path = "/deletion",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> deleteResource(
      @PathVariable final String resourceKey,
      @RequestBody(required = false) final OperationReferenceRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(RESOURCE_KEY, resourceKey);
    return AsyncResponses.okEmpty(
        resourceServices.delete(context, key, OperationReferenceRequest.of(body)));
  }

  @GatewayOperation(Operation.GET_RESOURCE)
  @GetMapping(
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> getResource(
      @PathVariable final String resourceKey, final RequestContext context) {
    final long key = LongKeys.parse(RESOURCE_KEY, resourceKey);
    return AsyncResponses.ok(resourceServices.fetch(context, key), ResourceController::toResponse);
  }

  /** The content as deployed, written as is (the spec declares it as JSON text). */
  @GatewayOperation(Operation.GET_RESOURCE_CONTENT)
  @GetMapping(
      path = "/content",
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> getResourceContent(
      @PathVariable final String resourceKey, final RequestContext context) {
    final long key = LongKeys.parse(RESOURCE_KEY, resourceKey);
    return AsyncResponses.ok(resourceServices.fetch(context, key), FetchedResource::content);
  }

  static ResourceResponse toResponse(final FetchedResource resource) {
    return new ResourceResponse(
        resource.resourceName(),
        resource.version(),
        resource.versionTag(),
        resource.resourceId(),
        resource.tenantId(),
        Long.toString(resource.resourceKey()));
  }
}
