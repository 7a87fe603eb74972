package io.gatefork.gateway.rest.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.identity.UserDefinition;
import io.gatefork.service.identity.UserSaved;
import io.gatefork.service.identity.UserServices;
import io.gatefork.service.operation.Operation;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Users of the cluster's own identity, and the initial admin user. Passwords are hashed by the
 * service before anything is sent; answers never carry them.
 */
@RestController
public class UserController {

  private final UserServices userServices;

  public UserController(final UserServices userServices) {
    this.userServices = userServices;
  }

  /** Body of {@code POST /v2/users} and {@code POST /v2/setup/user}. */
  public record UserRequest(String username, String password, String name, String email) {}

  /**
   * Body of {@code PUT /v2/users/{username}}: name and email are replaced, an empty password kept.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record UserUpdateRequest(String password, String name, String email) {}

  /** {@code UserResult} without the key (as the stock gateway answers commands). */
  public record UserResponse(String username, String name, String email) {}

  /** 201 with the user. */
  @GatewayOperation(Operation.CREATE_USER)
  @PostMapping(
      path = "/v2/users",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> createUser(
      @RequestBody final UserRequest body, final RequestContext context) {
    return AsyncResponses.created(
        userServices.create(context, toDefinition(body)), UserController::toResponse);
  }

  /**
   * 201 with the user, who gets the admin role; only while no user has it (403 FORBIDDEN
   * afterwards, from the broker).
   */
  @GatewayOperation(Operation.CREATE_ADMIN_USER)
  @PostMapping(
      path = "/v2/setup/user",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> createAdminUser(
      @RequestBody final UserRequest body, final RequestContext context) {
    return AsyncResponses.created(
        userServices.createInitialAdmin(context, toDefinition(body)), UserController::toResponse);
  }

  /** 200 with the user as stored. */
  @GatewayOperation(Operation.UPDATE_USER)
  @PutMapping(
      path = "/v2/users/{username}",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> updateUser(
      @PathVariable final String username,
      @RequestBody final UserUpdateRequest body,
      final RequestContext context) {
    final var user = new UserDefinition(username, body.name(), body.email(), body.password());
    return AsyncResponses.ok(userServices.update(context, user), UserController::toResponse);
  }

  @GatewayOperation(Operation.DELETE_USER)
  @DeleteMapping(
      path = "/v2/users/{username}",
      produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
  public CompletableFuture<ResponseEntity<Object>> deleteUser(
      @PathVariable final String username, final RequestContext context) {
    return AsyncResponses.noContent(userServices.delete(context, username));
  }

  private static UserDefinition toDefinition(final UserRequest body) {
    // the definition checks its fields
    return UserDefinition.newUser(body.username(), body.name(), body.email(), body.password());
  }

  private static UserResponse toResponse(final UserSaved user) {
    return new UserResponse(user.username(), user.name(), user.email());
  }
}
