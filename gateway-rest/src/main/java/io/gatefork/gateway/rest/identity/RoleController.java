package io.gatefork.gateway.rest.identity;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.identity.EntityDefinition;
import io.gatefork.service.identity.EntitySaved;
import io.gatefork.service.identity.MemberType;
import io.gatefork.service.identity.RoleServices;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.IdentifierRules;
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

/** Roles: create, update, delete, and their members (users, clients, groups, mapping rules). */
@RestController
@RequestMapping(
    path = "/v2/roles",
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class RoleController {
  private static final String ID = "roleId";

  private final RoleServices services;

  public RoleController(final RoleServices services) {
    this.services = services;
  }

  /** Body of {@code POST /v2/roles}; roleId and name are required. */
  public record RoleCreateRequest(String roleId, String name, String description) {}

  /** {@code RoleCreateResult} / {@code RoleUpdateResult} of the spec. */
  public record RoleResponse(String roleId, String name, String description) {}

  /** 201 with the role. */
  @GatewayOperation(Operation.CREATE_ROLE)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> createRole(
      @RequestBody final RoleCreateRequest body, final RequestContext context) {
    final var role =
        new EntityDefinition(checkedId(body.roleId()), body.name(), body.description());
    return AsyncResponses.created(services.create(context, role), RoleController::toResponse);
  }

  /** 200 with the role as stored. */
  @GatewayOperation(Operation.UPDATE_ROLE)
  @PutMapping(path = "/{roleId}", consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> updateRole(
      @PathVariable final String roleId,
      @RequestBody final MembershipRequests.EntityUpdateRequest body,
      final RequestContext context) {
    return AsyncResponses.ok(
        services.update(context, MembershipRequests.toUpdate(checkedId(roleId), body)),
        RoleController::toResponse);
  }

  @GatewayOperation(Operation.DELETE_ROLE)
  @DeleteMapping("/{roleId}")
  public CompletableFuture<ResponseEntity<Object>> deleteRole(
      @PathVariable final String roleId, final RequestContext context) {
    return AsyncResponses.noContent(services.delete(context, checkedId(roleId)));
  }

  @GatewayOperation(Operation.ASSIGN_ROLE_MEMBER)
  @PutMapping("/{roleId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> assignRoleToUser(
      @PathVariable final String roleId,
      @PathVariable final String username,
      final RequestContext context) {
    return MembershipRequests.assign(
        services, context, checkedId(roleId), MemberType.USER, "username", username);
  }

  @GatewayOperation(Operation.UNASSIGN_ROLE_MEMBER)
  @DeleteMapping("/{roleId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> unassignRoleFromUser(
      @PathVariable final String roleId,
      @PathVariable final String username,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services, context, checkedId(roleId), MemberType.USER, "username", username);
  }

  @GatewayOperation(Operation.ASSIGN_ROLE_MEMBER)
  @PutMapping("/{roleId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> assignRoleToClient(
      @PathVariable final String roleId,
      @PathVariable final String clientId,
      final RequestContext context) {
    return MembershipRequests.assign(
        services, context, checkedId(roleId), MemberType.CLIENT, "clientId", clientId);
  }

  @GatewayOperation(Operation.UNASSIGN_ROLE_MEMBER)
  @DeleteMapping("/{roleId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> unassignRoleFromClient(
      @PathVariable final String roleId,
      @PathVariable final String clientId,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services, context, checkedId(roleId), MemberType.CLIENT, "clientId", clientId);
  }

  @GatewayOperation(Operation.ASSIGN_ROLE_MEMBER)
  @PutMapping("/{roleId}/groups/{groupId}")
  public CompletableFuture<ResponseEntity<Object>> assignRoleToGroup(
      @PathVariable final String roleId,
      @PathVariable final String groupId,
      final RequestContext context) {
    return MembershipRequests.assign(
        services, context, checkedId(roleId), MemberType.GROUP, "groupId", groupId);
  }

  @GatewayOperation(Operation.UNASSIGN_ROLE_MEMBER)
  @DeleteMapping("/{roleId}/groups/{groupId}")
  public CompletableFuture<ResponseEntity<Object>> unassignRoleFromGroup(
      @PathVariable final String roleId,
      @PathVariable final String groupId,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services, context, checkedId(roleId), MemberType.GROUP, "groupId", groupId);
  }

  @GatewayOperation(Operation.ASSIGN_ROLE_MEMBER)
  @PutMapping("/{roleId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> assignRoleToMappingRule(
      @PathVariable final String roleId,
      @PathVariable final String mappingRuleId,
      final RequestContext context) {
    return MembershipRequests.assign(
        services,
        context,
        checkedId(roleId),
        MemberType.MAPPING_RULE,
        "mappingRuleId",
        mappingRuleId);
  }

  @GatewayOperation(Operation.UNASSIGN_ROLE_MEMBER)
  @DeleteMapping("/{roleId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> unassignRoleFromMappingRule(
      @PathVariable final String roleId,
      @PathVariable final String mappingRuleId,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services,
        context,
        checkedId(roleId),
        MemberType.MAPPING_RULE,
        "mappingRuleId",
        mappingRuleId);
  }

  private static RoleResponse toResponse(final EntitySaved saved) {
    return new RoleResponse(saved.id(), saved.name(), saved.description());
  }

  private static String checkedId(final String value) {
    return IdentifierRules.identifier(ID, value);
  }
}
