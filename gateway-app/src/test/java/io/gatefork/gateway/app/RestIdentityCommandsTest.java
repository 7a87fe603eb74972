package io.gatefork.gateway.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.client.CamundaClient;
import io.camunda.client.api.search.enums.OwnerType;
import io.camunda.client.api.search.enums.PermissionType;
import io.camunda.client.api.search.enums.ResourceType;
import io.camunda.zeebe.protocol.record.RecordType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.AuthorizationIntent;
import io.camunda.zeebe.protocol.record.intent.GroupIntent;
import io.camunda.zeebe.protocol.record.intent.Intent;
import io.camunda.zeebe.protocol.record.intent.MappingRuleIntent;
import io.camunda.zeebe.protocol.record.intent.RoleIntent;
import io.camunda.zeebe.protocol.record.intent.TenantIntent;
import io.camunda.zeebe.protocol.record.intent.UserIntent;
import io.gatefork.broker.dev.JournalRecord;
import org.junit.jupiter.api.Test;

/**
 * The identity commands of the REST API (users, groups, roles, tenants, mapping rules,
 * authorizations), sent over REST with the official client (raw HTTP where it has no command) and
 * each checked by the event the broker wrote.
 */
class RestIdentityCommandsTest extends GatewayTestSupport {

  private CamundaClient rest() {
    return client(true);
  }

  private RestCalls http() {
    return new RestCalls(baseUrl());
  }

  private JournalRecord awaitEvent(
      final ValueType valueType, final Intent intent, final String... contained) {
    return awaitRecord(
        r -> {
          if (!r.is(RecordType.EVENT, valueType, intent)) {
            return false;
          }
          for (final String part : contained) {
            if (!r.valueJson().contains(part)) {
              return false;
            }
          }
          return true;
        });
  }

  @Test
  void usersAreCreatedWithAHashedPasswordUpdatedAndDeleted() {
    try (var client = rest()) {
      final var created =
          client
              .newCreateUserCommand()
              .username("ida")
              .password("pa55word!")
              .name("Ida")
              .email("ida@example.com")
              .send()
              .join();

      assertThat(created.getUsername()).isEqualTo("ida");
      final var event = awaitEvent(ValueType.USER, UserIntent.CREATED, "\"username\":\"ida\"");
      assertThat(event.valueJson()).contains("{bcrypt}").doesNotContain("pa55word!");

      client
          .newUpdateUserCommand("ida")
          .name("Ida Lovelace")
          .email("ida@example.com")
          .send()
          .join();
      awaitEvent(ValueType.USER, UserIntent.UPDATED, "\"name\":\"Ida Lovelace\"");

      client.newDeleteUserCommand("ida").send().join();
      awaitEvent(ValueType.USER, UserIntent.DELETED, "\"username\":\"ida\"");
    }
  }

  @Test
  void theInitialAdminIsCreatedOnceOnly() {
    final var first =
        http()
            .send("POST", "/v2/setup/user", "{\"username\":\"root\",\"password\":\"t0p-secret\"}");
    final var second =
        http()
            .send("POST", "/v2/setup/user", "{\"username\":\"root2\",\"password\":\"t0p-secret\"}");

    assertThat(first.statusCode()).isEqualTo(201);
    assertThat(first.body()).contains("\"username\":\"root\"").doesNotContain("t0p-secret");
    awaitEvent(ValueType.USER, UserIntent.INITIAL_ADMIN_CREATED, "\"username\":\"root\"");
    awaitEvent(
        ValueType.ROLE, RoleIntent.ENTITY_ADDED, "\"entityId\":\"root\"", "\"roleId\":\"admin\"");
    assertThat(second.statusCode()).isEqualTo(403);
    assertThat(second.body()).contains("CREATE_INITIAL_ADMIN");
  }

  @Test
  void groupsAreManagedWithTheirMembers() {
    try (var client = rest()) {
      client
          .newCreateMappingRuleCommand()
          .mappingRuleId("ops-rule")
          .name("Ops rule")
          .claimName("groups")
          .claimValue("ops")
          .send()
          .join();
      client.newCreateGroupCommand().groupId("ops").name("Operations").send().join();
      awaitEvent(ValueType.GROUP, GroupIntent.CREATED, "\"groupId\":\"ops\"");

      client.newUpdateGroupCommand("ops").name("Ops").description("24/7").send().join();
      awaitEvent(ValueType.GROUP, GroupIntent.UPDATED, "\"name\":\"Ops\"");

      client.newAssignUserToGroupCommand().username("ann").groupId("ops").send().join();
      client.newAssignClientToGroupCommand().clientId("deployer").groupId("ops").send().join();
      client
          .newAssignMappingRuleToGroupCommand()
          .mappingRuleId("ops-rule")
          .groupId("ops")
          .send()
          .join();
      awaitEvent(
          ValueType.GROUP,
          GroupIntent.ENTITY_ADDED,
          "\"entityId\":\"ann\"",
          "\"entityType\":\"USER\"");
      awaitEvent(
          ValueType.GROUP,
          GroupIntent.ENTITY_ADDED,
          "\"entityId\":\"deployer\"",
          "\"entityType\":\"CLIENT\"");
      awaitEvent(
          ValueType.GROUP,
          GroupIntent.ENTITY_ADDED,
          "\"entityId\":\"ops-rule\"",
          "\"entityType\":\"MAPPING_RULE\"");

      client.newUnassignUserFromGroupCommand().username("ann").groupId("ops").send().join();
      awaitEvent(ValueType.GROUP, GroupIntent.ENTITY_REMOVED, "\"entityId\":\"ann\"");
      assertThat(http().send("DELETE", "/v2/groups/ops/clients/deployer", null).statusCode())
          .isEqualTo(204);
      awaitEvent(ValueType.GROUP, GroupIntent.ENTITY_REMOVED, "\"entityId\":\"deployer\"");
      client
          .newUnassignMappingRuleFromGroupCommand()
          .mappingRuleId("ops-rule")
          .groupId("ops")
          .send()
          .join();
      awaitEvent(ValueType.GROUP, GroupIntent.ENTITY_REMOVED, "\"entityId\":\"ops-rule\"");

      client.newDeleteGroupCommand("ops").send().join();
      awaitEvent(ValueType.GROUP, GroupIntent.DELETED, "\"groupId\":\"ops\"");
    }
  }

  @Test
  void rolesAreManagedWithTheirMembers() {
    try (var client = rest()) {
      client
          .newCreateMappingRuleCommand()
          .mappingRuleId("auditor-rule")
          .name("Auditors")
          .claimName("role")
          .claimValue("audit")
          .send()
          .join();
      client.newCreateRoleCommand().roleId("auditor").name("Auditor").send().join();
      awaitEvent(ValueType.ROLE, RoleIntent.CREATED, "\"roleId\":\"auditor\"");

      client
          .newUpdateRoleCommand("auditor")
          .name("Auditors")
          .description("read only")
          .send()
          .join();
      awaitEvent(ValueType.ROLE, RoleIntent.UPDATED, "\"name\":\"Auditors\"");

      client.newAssignRoleToUserCommand().roleId("auditor").username("ben").send().join();
      client.newAssignRoleToGroupCommand().roleId("auditor").groupId("finance").send().join();
      client.newAssignRoleToClientCommand().roleId("auditor").clientId("reporter").send().join();
      client
          .newAssignRoleToMappingRuleCommand()
          .roleId("auditor")
          .mappingRuleId("auditor-rule")
          .send()
          .join();
      for (final String member : new String[] {"ben", "finance", "reporter", "auditor-rule"}) {
        awaitEvent(
            ValueType.ROLE,
            RoleIntent.ENTITY_ADDED,
            "\"entityId\":\"" + member + "\"",
            "\"roleId\":\"auditor\"");
      }

      client.newUnassignRoleFromUserCommand().roleId("auditor").username("ben").send().join();
      client.newUnassignRoleFromGroupCommand().roleId("auditor").groupId("finance").send().join();
      client
          .newUnassignRoleFromClientCommand()
          .roleId("auditor")
          .clientId("reporter")
          .send()
          .join();
      client
          .newUnassignRoleFromMappingRuleCommand()
          .roleId("auditor")
          .mappingRuleId("auditor-rule")
          .send()
          .join();
      for (final String member : new String[] {"ben", "finance", "reporter", "auditor-rule"}) {
        awaitEvent(
            ValueType.ROLE,
            RoleIntent.ENTITY_REMOVED,
            "\"entityId\":\"" + member + "\"",
            "\"roleId\":\"auditor\"");
      }

      client.newDeleteRoleCommand("auditor").send().join();
      awaitEvent(ValueType.ROLE, RoleIntent.DELETED, "\"roleId\":\"auditor\"");
    }
  }

  @Test
  void tenantsAreManagedWithTheirMembers() {
    try (var client = rest()) {
      client
          .newCreateMappingRuleCommand()
          .mappingRuleId("acme-rule")
          .name("Acme")
          .claimName("org")
          .claimValue("acme")
          .send()
          .join();
      client.newCreateRoleCommand().roleId("acme-admin").name("Acme admin").send().join();
      client.newCreateGroupCommand().groupId("acme-staff").name("Acme staff").send().join();
      client.newCreateTenantCommand().tenantId("acme").name("Acme").send().join();
      awaitEvent(ValueType.TENANT, TenantIntent.CREATED, "\"tenantId\":\"acme\"");

      client.newUpdateTenantCommand("acme").name("ACME Corp").description("customer").send().join();
      awaitEvent(ValueType.TENANT, TenantIntent.UPDATED, "\"name\":\"ACME Corp\"");

      client.newAssignUserToTenantCommand().username("cleo").tenantId("acme").send().join();
      client.newAssignGroupToTenantCommand().groupId("acme-staff").tenantId("acme").send().join();
      client.newAssignRoleToTenantCommand().roleId("acme-admin").tenantId("acme").send().join();
      client.newAssignClientToTenantCommand().clientId("acme-app").tenantId("acme").send().join();
      client
          .newAssignMappingRuleToTenantCommand()
          .mappingRuleId("acme-rule")
          .tenantId("acme")
          .send()
          .join();
      for (final String member :
          new String[] {"cleo", "acme-staff", "acme-admin", "acme-app", "acme-rule"}) {
        awaitEvent(
            ValueType.TENANT,
            TenantIntent.ENTITY_ADDED,
            "\"entityId\":\"" + member + "\"",
            "\"tenantId\":\"acme\"");
      }

      client.newUnassignUserFromTenantCommand().username("cleo").tenantId("acme").send().join();
      assertThat(
              http().send("DELETE", "/v2/tenants/acme/mapping-rules/acme-rule", null).statusCode())
          .isEqualTo(204);
      client
          .newUnassignGroupFromTenantCommand()
          .groupId("acme-staff")
          .tenantId("acme")
          .send()
          .join();
      client.newUnassignRoleFromTenantCommand().roleId("acme-admin").tenantId("acme").send().join();
      assertThat(http().send("DELETE", "/v2/tenants/acme/clients/acme-app", null).statusCode())
          .isEqualTo(204);
      for (final String member :
          new String[] {"cleo", "acme-staff", "acme-admin", "acme-app", "acme-rule"}) {
        awaitEvent(
            ValueType.TENANT,
            TenantIntent.ENTITY_REMOVED,
            "\"entityId\":\"" + member + "\"",
            "\"tenantId\":\"acme\"");
      }

      client.newDeleteTenantCommand("acme").send().join();
      awaitEvent(ValueType.TENANT, TenantIntent.DELETED, "\"tenantId\":\"acme\"");
    }
  }

  @Test
  void mappingRulesAreCreatedUpdatedAndDeleted() {
    try (var client = rest()) {
      client
          .newCreateMappingRuleCommand()
          .mappingRuleId("dev-rule")
          .name("Developers")
          .claimName("team")
          .claimValue("dev")
          .send()
          .join();
      awaitEvent(
          ValueType.MAPPING_RULE, MappingRuleIntent.CREATED, "\"mappingRuleId\":\"dev-rule\"");
    }

    final var updated =
        http()
            .send(
                "PUT",
                "/v2/mapping-rules/dev-rule",
                "{\"name\":\"Devs\",\"claimName\":\"team\",\"claimValue\":\"developers\"}");
    assertThat(updated.statusCode()).isEqualTo(200);
    assertThat(updated.body()).contains("\"claimValue\":\"developers\"");
    awaitEvent(ValueType.MAPPING_RULE, MappingRuleIntent.UPDATED, "\"claimValue\":\"developers\"");

    assertThat(http().send("DELETE", "/v2/mapping-rules/dev-rule", null).statusCode())
        .isEqualTo(204);
    awaitEvent(ValueType.MAPPING_RULE, MappingRuleIntent.DELETED, "\"mappingRuleId\":\"dev-rule\"");
  }

  @Test
  void authorizationsAreCreatedUpdatedAndDeleted() {
    try (var client = rest()) {
      final long key =
          client
              .newCreateAuthorizationCommand()
              .ownerId("dora")
              .ownerType(OwnerType.USER)
              .resourceId("*")
              .resourceType(ResourceType.PROCESS_DEFINITION)
              .permissionTypes(PermissionType.READ_PROCESS_DEFINITION)
              .send()
              .join()
              .getAuthorizationKey();
      awaitEvent(
          ValueType.AUTHORIZATION,
          AuthorizationIntent.CREATED,
          "\"ownerId\":\"dora\"",
          "\"resourceMatcher\":\"ANY\"");

      client
          .newUpdateAuthorizationCommand(key)
          .ownerId("dora")
          .ownerType(OwnerType.USER)
          .resourceId("order")
          .resourceType(ResourceType.PROCESS_DEFINITION)
          .permissionTypes(
              PermissionType.READ_PROCESS_DEFINITION, PermissionType.CREATE_PROCESS_INSTANCE)
          .send()
          .join();
      awaitEvent(
          ValueType.AUTHORIZATION,
          AuthorizationIntent.UPDATED,
          "\"resourceId\":\"order\"",
          "\"resourceMatcher\":\"ID\"");

      client.newDeleteAuthorizationCommand(key).send().join();
      awaitRecord(
          r ->
              r.is(RecordType.EVENT, ValueType.AUTHORIZATION, AuthorizationIntent.DELETED)
                  && r.key() == key);
    }
  }
}
