package io.gatefork.gateway.rest.identity;

import io.gatefork.gateway.rest.operation.GatewayOperation;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.identity.EntityDefinition;
import io.gatefork.service.identity.EntitySaved;
import io.gatefork.service.identity.MemberType;
import io.gatefork.service.identity.TenantServices;
import io.gatefork.service.operation.Operation;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.TenantIdRules;
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
  public record TenantCreateRequest(String tenantId, String name, String description) {}

  /** {@code TenantCreateResult} / {@code TenantUpdateResult} of the spec. */
  public record TenantResponse(String tenantId, String name, String description) {}

  /** 201 with the tenant. */
  @GatewayOperation(Operation.CREATE_TENANT)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> createTenant(
      @RequestBody final TenantCreateRequest body, final RequestContext context) {
    final var tenant =
        new EntityDefinition(checkedId(body.tenantId()), body.name(), body.description());
    return AsyncResponses.created(services.create(context, tenant), TenantController::toResponse);
  }

  /** 200 with the tenant as stored. */
  @GatewayOperation(Operation.UPDATE_TENANT)
  @PutMapping(path = "/{tenantId}", consumes = MediaType.APPLICATION_JSON_VALUE)
  public CompletableFuture<ResponseEntity<Object>> updateTenant(
      @PathVariable final String tenantId,
      @RequestBody final MembershipRequests.TenantUpdateRequest body,
      final RequestContext context) {
    return AsyncResponses.ok(
        services.update(context, MembershipRequests.toUpdate(checkedId(tenantId), body)),
        TenantController::toResponse);
  }

  @GatewayOperation(Operation.DELETE_TENANT)
  @DeleteMapping("/{tenantId}")
  public CompletableFuture<ResponseEntity<Object>> deleteTenant(
      @PathVariable final String tenantId, final RequestContext context) {
    return AsyncResponses.noContent(services.delete(context, checkedId(tenantId)));
  }

  @GatewayOperation(Operation.ASSIGN_TENANT_MEMBER)
  @PutMapping("/{tenantId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> assignUserToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String username,
      final RequestContext context) {
    return MembershipRequests.assign(
        services, context, checkedId(tenantId), MemberType.USER, "username", username);
  }

  @GatewayOperation(Operation.UNASSIGN_TENANT_MEMBER)
  @DeleteMapping("/{tenantId}/users/{username}")
  public CompletableFuture<ResponseEntity<Object>> unassignUserFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String username,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services, context, checkedId(tenantId), MemberType.USER, "username", username);
  }

  @GatewayOperation(Operation.ASSIGN_TENANT_MEMBER)
  @PutMapping("/{tenantId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> assignClientToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String clientId,
      final RequestContext context) {
    return MembershipRequests.assign(
        services, context, checkedId(tenantId), MemberType.CLIENT, "clientId", clientId);
  }

  @GatewayOperation(Operation.UNASSIGN_TENANT_MEMBER)
  @DeleteMapping("/{tenantId}/clients/{clientId}")
  public CompletableFuture<ResponseEntity<Object>> unassignClientFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String clientId,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services, context, checkedId(tenantId), MemberType.CLIENT, "clientId", clientId);
  }

  @GatewayOperation(Operation.ASSIGN_TENANT_MEMBER)
  @PutMapping("/{tenantId}/groups/{groupId}")
  public CompletableFuture<ResponseEntity<Object>> assignGroupToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String groupId,
      final RequestContext context) {
    return MembershipRequests.assign(
        services, context, checkedId(tenantId), MemberType.GROUP, "groupId", groupId);
  }

  @GatewayOperation(Operation.UNASSIGN_TENANT_MEMBER)
  @DeleteMapping("/{tenantId}/groups/{groupId}")
  public CompletableFuture<ResponseEntity<Object>> unassignGroupFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String groupId,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services, context, checkedId(tenantId), MemberType.GROUP, "groupId", groupId);
  }

  @GatewayOperation(Operation.ASSIGN_TENANT_MEMBER)
  @PutMapping("/{tenantId}/roles/{roleId}")
  public CompletableFuture<ResponseEntity<Object>> assignRoleToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String roleId,
      final RequestContext context) {
    return MembershipRequests.assign(
        services, context, checkedId(tenantId), MemberType.ROLE, "roleId", roleId);
  }

  @GatewayOperation(Operation.UNASSIGN_TENANT_MEMBER)
  @DeleteMapping("/{tenantId}/roles/{roleId}")
  public CompletableFuture<ResponseEntity<Object>> unassignRoleFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String roleId,
      final RequestContext context) {
    return MembershipRequests.unassign(
        services, context, checkedId(tenantId), MemberType.ROLE, "roleId", roleId);
  }

  @GatewayOperation(Operation.ASSIGN_TENANT_MEMBER)
  @PutMapping("/{tenantId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> assignMappingRuleToTenant(
      @PathVariable final String tenantId,
      @PathVariable final String mappingRuleId,
      final RequestContext context) {
    return MembershipRequests.assign(
        services,
        context,
        checkedId(tenantId),
        MemberType.MAPPING_RULE,
        "mappingRuleId",
        mappingRuleId);
  }

  @GatewayOperation(Operation.UNASSIGN_TENANT_MEMBER)
  @DeleteMapping("/{tenantId}/mapping-rules/{mappingRuleId}")
  public CompletableFuture<ResponseEntity<Object>> unassignMappingRuleFromTenant(
      @PathVariable final String tenantId,
      @PathVariable final String mappingRuleId,
      final RequestContext context) {
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
    return TenantIdRules.format(ID, FieldRules.requireText(ID, value));
  }
}
