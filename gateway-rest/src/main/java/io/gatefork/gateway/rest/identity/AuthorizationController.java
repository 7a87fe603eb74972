package io.gatefork.gateway.rest.identity;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.validation.LongKeys;
import io.gatefork.service.RequestContext;
import io.gatefork.service.identity.AuthorizationGrant;
import io.gatefork.service.identity.AuthorizationServices;
import io.gatefork.service.operation.Operation;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Authorizations: permissions of an owner (user, client, group, role, mapping rule) on a resource,
 * or on all resources of a type with the resource id {@code *}.
 */
@RestController
@RequestMapping(
    path = "/v2/authorizations",
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class AuthorizationController {
  private static final String AUTHORIZATION_KEY = "authorizationKey";

  private final AuthorizationServices services;

  public AuthorizationController(final AuthorizationServices services) {
    this.services = services;
  }

  /**
   * Body of {@code POST /v2/authorizations} and {@code PUT /v2/authorizations/{key}}; every field
   * is required, the enums are checked by the service (a 400 lists the allowed values).
   */
  public record AuthorizationRequest(
      String ownerId,
      String ownerType,
      String resourceId,
      String resourceType,
      List<String> permissionTypes) {}

  /** {@code AuthorizationCreateResult} of the spec. */
  public record AuthorizationCreateResponse(String authorizationKey) {}

  /** 201 with the new authorization's key. */
  @GatewayOperation(Operation.CREATE_AUTHORIZATION)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> createAuthorization(
      @RequestBody final AuthorizationRequest body, final RequestContext context) {
    return AsyncResponses.created(
        services.create(context, toGrant(body)),
        key -> new AuthorizationCreateResponse(Long.toString(key)));
  }

  /** 204; the authorization's owner, resource and permissions are replaced. */
  @GatewayOperation(Operation.UPDATE_AUTHORIZATION)
  @PutMapping(path = "/{authorizationKey}", consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> updateAuthorization(
      @PathVariable final String authorizationKey,
      @RequestBody final AuthorizationRequest body,
      final RequestContext context) {
    final long key = LongKeys.parse(AUTHORIZATION_KEY, authorizationKey);
    return AsyncResponses.noContent(services.update(context, key, toGrant(body)));
  }

  @GatewayOperation(Operation.DELETE_AUTHORIZATION)
  @DeleteMapping("/{authorizationKey}")
  public CompletableFuture<ResponseEntity<Object>> deleteAuthorization(
      @PathVariable final String authorizationKey, final RequestContext context) {
    final long key = LongKeys.parse(AUTHORIZATION_KEY, authorizationKey);
    return AsyncResponses.noContent(services.delete(context, key));
  }

  private static AuthorizationGrant toGrant(final AuthorizationRequest body) {
    // the grant checks its own fields
    return new AuthorizationGrant(
        body.ownerId(),
        body.ownerType(),
        body.resourceId(),
        body.resourceType(),
        body.permissionTypes());
  }
}
