package io.gatefork.gateway.rest.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.gateway.rest.stage.RequestStages;
import io.gatefork.gateway.rest.stage.RestOperations;
import io.gatefork.gateway.rest.validation.RequestChecks;
import io.gatefork.service.RequestContext;
import io.gatefork.service.identity.EntityDefinition;
import io.gatefork.service.identity.EntitySaved;
import io.gatefork.service.identity.MemberType;
import io.gatefork.service.identity.TenantServices;
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

/**
 * Tenants: create, update, delete, and their members (users, clients, groups, roles, mapping
 * rules).
 */
@RestController
@RequestMapping(
    path = "/v2/tenants",
    produces = {MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_PROBLEM_JSON_VALUE})
public class TenantController {
  private static final String ID = "tenantId";

  private final TenantServices services;

  public TenantController(final TenantServices services) {
    this.services = services;
  }

  /** Body of {@code POST /v2/tenants}; tenantId and name are required. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record TenantCreateRequest(String tenantId, String name, String description) {}

  /** {@code TenantCreateResult} / {@code TenantUpdateResult} of the spec. */
  public record TenantResponse(String tenantId, String name, String description) {}

  /** 201 with the tenant. */
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> createTenant(
      @RequestBody final TenantCreateRequest body, final HttpServletRequest request) {
    final RequestContext context = RequestStages.enter(request, RestOperations.CREATE_TENANT);
    final var tenant =
        new EntityDefinition(
            checkedId(body.tenantId()),
            RequestChecks.requireText("name", body.name()),
            body.description());
    return AsyncResponses.created(services.create(context, tenant), TenantController::toResponse);
  }

  /** 200 with the tenant as stored. */
  @PutMapping(path = "/{tenantId}", consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> updateTenant(
      @PathVariable final String tenantId,
      @RequestBody final MembershipRequests.EntityUpdateRequest body,
      final HttpServletRequest request) {
    final RequestContext context = RequestStages.enter(request, RestOperations.UPDATE_TENANT);
    return AsyncResponses.ok(
        services.update(context, MembershipRequests.toUpdate(checkedId(tenantId), body)),
        TenantController::toResponse);
  }

  @DeleteMapping("/{tenantId}")
  public CompletableFuture<ResponseEntity<Object>> deleteTenant(
      @PathVariable final String tenantId, final HttpServletRequest request) {
    final RequestContext context = RequestStages.enter(request, RestOperations.DELETE_TENANT);
    return AsyncResponses.noContent(services.delete(context, checkedId(tenantId)));
  }

  @PutMapping("/{tenantId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> assignUserToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String username,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.ASSIGN_TENANT_MEMBER);
    return MembershipRequests.assign(
        services, context, checkedId(tenantId), MemberType.USER, "username", username);
  }

  @DeleteMapping("/{tenantId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> unassignUserFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String username,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.UNASSIGN_TENANT_MEMBER);
    return MembershipRequests.unassign(
        services, context, checkedId(tenantId), MemberType.USER, "username", username);
  }

  @PutMapping("/{tenantId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> assignClientToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String clientId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.ASSIGN_TENANT_MEMBER);
    return MembershipRequests.assign(
        services, context, checkedId(tenantId), MemberType.CLIENT, "clientId", clientId);
  }

  @DeleteMapping("/{tenantId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> unassignClientFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String clientId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.UNASSIGN_TENANT_MEMBER);
    return MembershipRequests.unassign(
        services, context, checkedId(tenantId), MemberType.CLIENT, "clientId", clientId);
  }

  @PutMapping("/{tenantId}/groups/{groupId}")
  public CompletableFuture<ResponseEntity<Object>> assignGroupToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String groupId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.ASSIGN_TENANT_MEMBER);
    return MembershipRequests.assign(
        services, context, checkedId(tenantId), MemberType.GROUP, "groupId", groupId);
  }

  @DeleteMapping("/{tenantId}/groups/{groupId}")
  public CompletableFuture<ResponseEntity<Object>> unassignGroupFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String groupId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.UNASSIGN_TENANT_MEMBER);
    return MembershipRequests.unassign(
        services, context, checkedId(tenantId), MemberType.GROUP, "groupId", groupId);
  }

  @PutMapping("/{tenantId}/roles/{roleId}")
  public CompletableFuture<ResponseEntity<Object>> assignRoleToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String roleId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.ASSIGN_TENANT_MEMBER);
    return MembershipRequests.assign(
        services, context, checkedId(tenantId), MemberType.ROLE, "roleId", roleId);
  }

  @DeleteMapping("/{tenantId}/roles/{roleId}")
  public CompletableFuture<ResponseEntity<Object>> unassignRoleFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String roleId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.UNASSIGN_TENANT_MEMBER);
    return MembershipRequests.unassign(
        services, context, checkedId(tenantId), MemberType.ROLE, "roleId", roleId);
  }

  @PutMapping("/{tenantId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> assignMappingRuleToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String mappingRuleId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.ASSIGN_TENANT_MEMBER);
    return MembershipRequests.assign(
        services,
        context,
        checkedId(tenantId),
        MemberType.MAPPING_RULE,
        "mappingRuleId",
        mappingRuleId);
  }

  @DeleteMapping("/{tenantId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> unassignMappingRuleFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String mappingRuleId,
      final HttpServletRequest request) {
    final RequestContext context =
        RequestStages.enter(request, RestOperations.UNASSIGN_TENANT_MEMBER);
    return MembershipRequests.unassign(
        services,
        context,
        checkedId(tenantId),
        MemberType.MAPPING_RULE,
        "mappingRuleId",
        mappingRuleId);
  }

  private static TenantResponse toResponse(final EntitySaved saved) {
    return new TenantResponse(saved.id(), saved.name(), saved.description());
  }

  private static String checkedId(final String value) {
    // the tenant being managed, not one the request acts in: format only
    return RequestChecks.tenantIdFormat(ID, RequestChecks.requireText(ID, value));
  }
}
