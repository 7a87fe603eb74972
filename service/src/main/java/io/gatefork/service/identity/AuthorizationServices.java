package io.gatefork.service.identity;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

/** Authorizations ({@code AUTHORIZATION} records on the deployment partition). */
public interface AuthorizationServices {

  /**
   * {@code AUTHORIZATION.CREATE}: the broker answers {@code CREATED}.
   *
   * @return the new authorization's key
   */
  CompletableFuture<Long> create(RequestContext context, AuthorizationGrant grant);

  /** {@code AUTHORIZATION.UPDATE}: replaces the authorization's owner, resource and permissions. */
  CompletableFuture<Void> update(
      RequestContext context, long authorizationKey, AuthorizationGrant grant);

  CompletableFuture<Void> delete(RequestContext context, long authorizationKey);
}
