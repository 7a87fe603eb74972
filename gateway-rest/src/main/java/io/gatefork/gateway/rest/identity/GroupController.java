package io.gatefork.gateway.rest.identity;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.identity.EntityDefinition;
import io.gatefork.service.identity.EntitySaved;
import io.gatefork.service.identity.GroupServices;
import io.gatefork.service.identity.MemberType;
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

/** Groups: create, update, delete, and their members (users, clients, mapping rules). */
@RestController
@RequestMapping(
    path = "/v2/groups",
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class GroupController {
  private static final String ID = "groupId";

  private final GroupServices services;

  public GroupController(final GroupServices services) {
    this.services = services;
  }

  /** Body of {@code POST /v2/groups}; groupId and name are required. */
  public record GroupCreateRequest(String groupId, String name, String description) {}

  /** {@code GroupCreateResult} / {@code GroupUpdateResult} of the spec. */
  public record GroupResponse(String groupId, String name, String description) {}

  /** 201 with the group. */
  @GatewayOperation(Operation.CREATE_GROUP)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> createGroup(
      @RequestBody final GroupCreateRequest body, final RequestContext context) {
    final var group =
        new EntityDefinition(checkedId(body.groupId()), body.name(), body.description());
    return AsyncResponses.created(services.create(context, group), GroupController::toResponse);
  }

  /** 200 with the group as stored. */
  @GatewayOperation(Operation.UPDATE_GROUP)
  @PutMapping(path = "/{groupId}", consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> updateGroup(
      @PathVariable final String groupId,
      @RequestBody final MembershipRequests.EntityUpdateRequest body,
      final RequestContext context) {
    return AsyncResponses.ok(
        services.update(context, MembershipRequests.toUpdate(checkedId(groupId), body)),
        GroupController::toResponse);
  }

  @GatewayOperation(Operation.DELETE_GROUP)
  @DeleteMapping("/{groupId}")
  public CompletableFuture<ResponseEntity<Object>> deleteGroup(
      @PathVariable final String groupId, final RequestContext context) {
    return AsyncResponses.noContent(services.delete(context, checkedId(groupId)));
  }

  @GatewayOperation(Operation.ASSIGN_GROUP_MEMBER)
  @PutMapping("/{groupId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> assignUserToGroup(
      @PathVariable final String groupId,
      @PathVariable final String username,
      final RequestContext context) {
    return MembershipRequests.assign(
        services, context, checkedId(groupId), MemberType.USER, "username", username);
  }

  @GatewayOperation(Operation.UNASSIGN_GROUP_MEMBER)
  @DeleteMapping("/{groupId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> unassignUserFromGroup(
      @PathVariable final String groupId,
      @PathVariable final String username,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services, context, checkedId(groupId), MemberType.USER, "username", username);
  }

  @GatewayOperation(Operation.ASSIGN_GROUP_MEMBER)
  @PutMapping("/{groupId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> assignClientToGroup(
      @PathVariable final String groupId,
      @PathVariable final String clientId,
      final RequestContext context) {
    return MembershipRequests.assign(
        services, context, checkedId(groupId), MemberType.CLIENT, "clientId", clientId);
  }

  @GatewayOperation(Operation.UNASSIGN_GROUP_MEMBER)
  @DeleteMapping("/{groupId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> unassignClientFromGroup(
      @PathVariable final String groupId,
      @PathVariable final String clientId,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services, context, checkedId(groupId), MemberType.CLIENT, "clientId", clientId);
  }

  @GatewayOperation(Operation.ASSIGN_GROUP_MEMBER)
  @PutMapping("/{groupId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> assignMappingRuleToGroup(
      @PathVariable final String groupId,
      @PathVariable final String mappingRuleId,
      final RequestContext context) {
    return MembershipRequests.assign(
        services,
        context,
        checkedId(groupId),
        MemberType.MAPPING_RULE,
        "mappingRuleId",
        mappingRuleId);
  }

  @GatewayOperation(Operation.UNASSIGN_GROUP_MEMBER)
  @DeleteMapping("/{groupId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> unassignMappingRuleFromGroup(
      @PathVariable final String groupId,
      @PathVariable final String mappingRuleId,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services,
        context,
        checkedId(groupId),
        MemberType.MAPPING_RULE,
        "mappingRuleId",
        mappingRuleId);
  }

  private static GroupResponse toResponse(final EntitySaved saved) {
    return new GroupResponse(saved.id(), saved.name(), saved.description());
  }

  private static String checkedId(final String value) {
    return IdentifierRules.identifier(ID, value);
  }
}
