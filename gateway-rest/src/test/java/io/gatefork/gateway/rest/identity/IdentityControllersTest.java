package io.gatefork.gateway.rest.identity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;

import io.gatefork.gateway.rest.support.RestTestSupport;
import io.gatefork.service.identity.AuthorizationGrant;
import io.gatefork.service.identity.EntityDefinition;
import io.gatefork.service.identity.EntitySaved;
import io.gatefork.service.identity.MemberType;
import io.gatefork.service.identity.UserDefinition;
import io.gatefork.service.identity.UserSaved;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

class IdentityControllersTest extends RestTestSupport {

  @Test
  void createUserAnswers201WithoutThePassword() throws Exception {
    fakes.users.on("create").succeedWith(new UserSaved(1L, "alice", "Alice", "a@x.io"));

    final var result =
        performAsync(
            post("/v2/users")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    "{\"username\":\"alice\",\"password\":\"s3cret\",\"name\":\"Alice\","
                        + "\"email\":\"a@x.io\"}"));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(201);
    assertThat(json(result).toString())
        .isEqualTo("{\"username\":\"alice\",\"name\":\"Alice\",\"email\":\"a@x.io\"}");
    assertThat(fakes.users.on("create").lastCall().get(1))
        .isEqualTo(new UserDefinition("alice", "Alice", "a@x.io", "s3cret"));
  }

  @Test
  void aUsernameWithASpaceIsRejectedNamingIt() throws Exception {
    final var result =
        performSync(
            post("/v2/users")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"username\":\"al ice\",\"password\":\"pw\"}"));

    assertProblem(result, 400, "INVALID_ARGUMENT", "username: must contain only", "/v2/users");
    assertThat(fakes.calls()).isZero();
  }

  @Test
  void anEmailWithoutAtIsRejected() throws Exception {
    final var result =
        performSync(
            put("/v2/users/alice")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"email\":\"alice.example.com\"}"));

    assertProblem(result, 400, "INVALID_ARGUMENT", "email", "/v2/users/alice");
  }

  @Test
  void groupUpdateRequiresADescriptionAndAnswersTheStoredGroup() throws Exception {
    fakes.groups.on("update").succeedWith(new EntitySaved(3L, "ops", "Ops", ""));

    final var missing =
        performSync(
            put("/v2/groups/ops")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\":\"Ops\"}"));
    assertProblem(missing, 400, "INVALID_ARGUMENT", "description: is required", "/v2/groups/ops");

    final var result =
        performAsync(
            put("/v2/groups/ops")
                .contentType(MediaType.APPLICATION_JSON)
                .content("{\"name\":\"Ops\",\"description\":\"\"}"));
    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(200);
    assertThat(json(result).path("groupId").asText()).isEqualTo("ops");
    assertThat(fakes.groups.on("update").lastCall().get(1))
        .isEqualTo(new EntityDefinition("ops", "Ops", ""));
  }

  @Test
  void eachMemberPathAssignsItsMemberType() throws Exception {
    fakes.groups.succeedAll(method -> null);
    fakes.roles.succeedAll(method -> null);
    fakes.tenants.succeedAll(method -> null);

    performAsync(put("/v2/groups/ops/mapping-rules/rule-1"));
    performAsync(delete("/v2/roles/admin/clients/client-9"));
    performAsync(put("/v2/tenants/acme/roles/admin"));

    assertThat(fakes.groups.on("assign").lastCall().subList(1, 4))
        .containsExactly("ops", MemberType.MAPPING_RULE, "rule-1");
    assertThat(fakes.roles.on("unassign").lastCall().subList(1, 4))
        .containsExactly("admin", MemberType.CLIENT, "client-9");
    assertThat(fakes.tenants.on("assign").lastCall().subList(1, 4))
        .containsExactly("acme", MemberType.ROLE, "admin");
  }

  @Test
  void anInvalidTenantIdInThePathIsRejectedNamingIt() throws Exception {
    final var result = performSync(put("/v2/tenants/a!b/users/alice"));

    assertProblem(result, 400, "INVALID_ARGUMENT", "tenantId", "/v2/tenants/a!b/users/alice");
  }

  @Test
  void createAuthorizationAnswersTheKeyAsAString() throws Exception {
    fakes.authorizations.on("create").succeedWith(2251799813685249L);

    final var result =
        performAsync(
            post("/v2/authorizations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    """
                    {"ownerId":"alice","ownerType":"USER","resourceId":"*",
                     "resourceType":"PROCESS_DEFINITION","permissionTypes":["READ_PROCESS_INSTANCE"]}
                    """));

    assertThat(result.andReturn().getResponse().getStatus()).isEqualTo(201);
    assertThat(json(result).path("authorizationKey").asText()).isEqualTo("2251799813685249");
    assertThat(fakes.authorizations.on("create").lastCall().get(1))
        .isEqualTo(
            new AuthorizationGrant(
                "alice", "USER", "*", "PROCESS_DEFINITION", List.of("READ_PROCESS_INSTANCE")));
  }

  @Test
  void anAuthorizationWithoutPermissionsIsRejected() throws Exception {
    final var result =
        performSync(
            post("/v2/authorizations")
                .contentType(MediaType.APPLICATION_JSON)
                .content(
                    """
                    {"ownerId":"alice","ownerType":"USER","resourceId":"*",
                     "resourceType":"PROCESS_DEFINITION","permissionTypes":[]}
                    """));

    assertProblem(result, 400, "INVALID_ARGUMENT", "permissionTypes", "/v2/authorizations");
  }
}
