package io.gatefork.gateway.rest.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.stage.RequestStages;
import io.gatefork.gateway.rest.stage.RestOperations;
import io.gatefork.gateway.rest.validation.RequestChecks;
import io.gatefork.service.RequestContext;
import io.gatefork.service.identity.EntityDefinition;
import io.gatefork.service.identity.EntitySaved;
import io.gatefork.service.identity.GroupServices;
import io.gatefork.service.identity.MemberType;
import jakarta.servlet.http.HttpServletRequest;
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
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record GroupCreateRequest(String groupId, String name, String description) {}

  /** {@code GroupCreateResult} / {@code GroupUpdateResult} of the spec. */
  public record GroupResponse(String groupId, String name, String description) {}

  /** 201 with the group. */
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> createGroup(
      @RequestBody final GroupCreateRequest body, final HttpServletRequest request) {
    final RequestContext context = RequestStages.enter(request, RestOperations.CREATE_GROUP);
    final var group =
        new EntityDefinition(
            checkedId(body.groupId()),
            RequestChecks.requireText("name", body.name()),
            body.description());
    return AsyncResponses.created(services.create(context, group), GroupController::toResponse);
  }

  /** 200 with the group as stored. */
  @PutMapping(path = "/{groupId}", consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> updateGroup(
      @PathVariable final String groupId,
      @RequestBody final MembershipRequests.EntityUpdateRequest body,
      final HttpServletRequest request) {
    final RequestContext context = RequestStages.enter(request, RestOperations.UPDATE_GROUP);
    return AsyncResponses.ok(
        services.update(context, MembershipRequests.toUpdate(checkedId(groupId), body)),
        GroupController::toResponse);
  }

  @DeleteMapping("/{groupId}")
  public CompletableFuture<ResponseEntity<Object>> deleteGroup(
      @PathVariable final String groupId, final HttpServletRequest request) {
    final RequestContext context = RequestStages.enter(request, RestOperations.DELETE_GROUP);
    return AsyncResponses.noContent(services.delete(context, checkedId(groupId)));
  }

  @PutMapping("/{groupId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> assignUserToGroup(
      @PathVariable final String groupId,
      @PathVariable final String username,
      final HttpServletRequest request) {
    final RequestContext context = RequestStages.enter(request, RestOperations.ASSIGN_GROUP_MEMBER);
    return MembershipRequests.assign(
        services, context, checkedId(groupId), MemberType.USER, "username", username);
  }

  @DeleteMapping("/{groupId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> unassignUserFromGroup(
      @PathVariable final String groupId,
      @PathVariable final String username,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.UNASSIGN_GROUP_MEMBER);
    return MembershipRequests.unassign(
        services, context, checkedId(groupId), MemberType.USER, "username", username);
  }

  @PutMapping("/{groupId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> assignClientToGroup(
      @PathVariable final String groupId,
      @PathVariable final String clientId,
      final HttpServletRequest request) {
    final RequestContext context = RequestStages.enter(request, RestOperations.ASSIGN_GROUP_MEMBER);
    return MembershipRequests.assign(
        services, context, checkedId(groupId), MemberType.CLIENT, "clientId", clientId);
  }

  @DeleteMapping("/{groupId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> unassignClientFromGroup(
      @PathVariable final String groupId,
      @PathVariable final String clientId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.UNASSIGN_GROUP_MEMBER);
    return MembershipRequests.unassign(
        services, context, checkedId(groupId), MemberType.CLIENT, "clientId", clientId);
  }

  @PutMapping("/{groupId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> assignMappingRuleToGroup(
      @PathVariable final String groupId,
      @PathVariable final String mappingRuleId,
      final HttpServletRequest request) {
    final RequestContext context = RequestStages.enter(request, RestOperations.ASSIGN_GROUP_MEMBER);
    return MembershipRequests.assign(
        services,
        context,
        checkedId(groupId),
        MemberType.MAPPING_RULE,
        "mappingRuleId",
        mappingRuleId);
  }

  @DeleteMapping("/{groupId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> unassignMappingRuleFromGroup(
      @PathVariable final String groupId,
      @PathVariable final String mappingRuleId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.UNASSIGN_GROUP_MEMBER);
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
    return RequestChecks.identifier(ID, value);
  }
}
