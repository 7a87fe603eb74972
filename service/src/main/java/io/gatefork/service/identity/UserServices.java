package io.gatefork.service.identity;

import io.gatefork.service.RequestContext;
import java.util.concurrent.CompletableFuture;

/** Users of the orchestration cluster's own identity ({@code USER} records). */
public interface UserServices {

  /** {@code USER.CREATE}: the broker answers {@code CREATED}. */
  CompletableFuture<UserSaved> create(RequestContext context, UserDefinition user);

  /** {@code USER.UPDATE}: the broker answers {@code UPDATED} with the whole user. */
  CompletableFuture<UserSaved> update(RequestContext context, UserDefinition user);

  /** {@code USER.DELETE}: the broker answers {@code DELETED}. */
  CompletableFuture<Void> delete(RequestContext context, String username);

  /**
   * {@code USER.CREATE_INITIAL_ADMIN}: creates the user and gives it the admin role, only while no
   * user has the admin role (the broker rejects with FORBIDDEN otherwise).
   */
  CompletableFuture<UserSaved> createInitialAdmin(RequestContext context, UserDefinition user);
}
