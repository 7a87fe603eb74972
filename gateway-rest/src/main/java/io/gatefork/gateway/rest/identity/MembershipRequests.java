package io.gatefork.gateway.rest.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.gatefork.gateway.rest.response.AsyncResponses;
import io.gatefork.service.RequestContext;
import io.gatefork.service.identity.EntityDefinition;
import io.gatefork.service.identity.MemberType;
import io.gatefork.service.identity.MembershipServices;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.IdentifierRules;
import java.util.concurrent.CompletableFuture;
import org.springframework.http.ResponseEntity;

/**
 * What the group, role and tenant controllers share: the update body, its validation, and member
 * assignment with the member's id checked under its path variable's name.
 */
final class MembershipRequests {

  private MembershipRequests() {}

  /**
   * Body of {@code PUT /v2/groups|roles/{id}}: both fields are required. The spec lets these carry
   * other properties (no {@code additionalProperties: false}), so they are ignored.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record EntityUpdateRequest(String name, String description) {}

  /** Body of {@code PUT /v2/tenants/{id}}: as above, but the spec allows no other properties. */
  public record TenantUpdateRequest(String name, String description) {}

  static EntityDefinition toUpdate(final String id, final EntityUpdateRequest body) {
    return toUpdate(id, body.name(), body.description());
  }

  static EntityDefinition toUpdate(final String id, final TenantUpdateRequest body) {
    return toUpdate(id, body.name(), body.description());
  }

  private static EntityDefinition toUpdate(
      final String id, final String name, final String description) {
    // the definition checks its name; that an update names its description is REST's rule
    return new EntityDefinition(id, name, FieldRules.require("description", description));
  }

  static CompletableFuture<ResponseEntity<Object>> assign(
      final MembershipServices services,
      final RequestContext context,
      final String id,
      final MemberType memberType,
      final String memberField,
      final String memberId) {
    return AsyncResponses.noContent(
        services.assign(context, id, memberType, memberId(memberField, memberType, memberId)));
  }

  static CompletableFuture<ResponseEntity<Object>> unassign(
      final MembershipServices services,
      final RequestContext context,
      final String id,
      final MemberType memberType,
      final String memberField,
      final String memberId) {
    return AsyncResponses.noContent(
        services.unassign(context, id, memberType, memberId(memberField, memberType, memberId)));
  }

  private static String memberId(
      final String field, final MemberType memberType, final String value) {
    // the one check of a member's id (the service does not repeat it); client ids come from the
    // identity provider: any non-blank text
    return memberType == MemberType.CLIENT
        ? FieldRules.requireText(field, value)
        : IdentifierRules.identifier(field, value);
  }
}
