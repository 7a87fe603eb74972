package io.gatefork.service.identity;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

/**
 * Groups, roles and tenants share one life cycle: create, update, delete, and members that are
 * assigned and unassigned ({@code CREATE}, {@code UPDATE}, {@code DELETE}, {@code ADD_ENTITY},
 * {@code REMOVE_ENTITY} of their record type, on the deployment partition).
 */
public interface MembershipServices {

  CompletableFuture<EntitySaved> create(RequestContext context, EntityDefinition entity);

  CompletableFuture<EntitySaved> update(RequestContext context, EntityDefinition entity);

  CompletableFuture<Void> delete(RequestContext context, String id);

  CompletableFuture<Void> assign(
      RequestContext context, String id, MemberType memberType, String memberId);

  CompletableFuture<Void> unassign(
      RequestContext context, String id, MemberType memberType, String memberId);
}
