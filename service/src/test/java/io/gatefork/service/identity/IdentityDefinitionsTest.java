package io.gatefork.service.identity;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gatefork.service.validation.FieldViolation;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The front end builds these, so a definition with a bad field cannot be made, let alone sent. */
class IdentityDefinitionsTest {

  @Test
  void aUserNeedsAValidUsernameAndEmail() {
    assertThatThrownBy(() -> new UserDefinition("a b", null, null, "pw"))
        .isInstanceOf(FieldViolation.class)
        .hasMessageStartingWith("username: must contain only");
    assertThatThrownBy(() -> new UserDefinition(null, null, null, "pw"))
        .hasMessage("username: is required");
    assertThatThrownBy(() -> new UserDefinition("alice", null, "not-an-email", "pw"))
        .isInstanceOf(FieldViolation.class)
        .hasMessageStartingWith("email: ");
  }

  @Test
  void aUserToCreateNeedsAPassword() {
    assertThatThrownBy(() -> UserDefinition.newUser("alice", null, null, ""))
        .isInstanceOf(FieldViolation.class)
        .hasMessage("password: must not be blank");
    assertThatThrownBy(() -> UserDefinition.newUser("alice", null, null, null))
        .hasMessage("password: is required");
    assertThatThrownBy(() -> UserDefinition.newUser("a b", null, null, null))
        .hasMessageStartingWith("username: ");
  }

  @Test
  void aMappingRuleNeedsAValidIdAndEachField() {
    assertThatThrownBy(() -> new MappingRule(0, "a b", "M", "g", "v"))
        .isInstanceOf(FieldViolation.class)
        .hasMessageStartingWith("mappingRuleId: must contain only");
    assertThatThrownBy(() -> new MappingRule(0, "m", "M", " ", "v"))
        .hasMessage("claimName: must not be blank");
    assertThatThrownBy(() -> new MappingRule(0, "m", "M", "g", null))
        .hasMessage("claimValue: is required");
  }

  @Test
  void aGroupRoleOrTenantNeedsAName() {
    assertThatThrownBy(() -> new EntityDefinition("ops", " ", null))
        .isInstanceOf(FieldViolation.class)
        .hasMessage("name: must not be blank");
  }

  @Test
  void aGrantNeedsEachFieldAndAPermission() {
    assertThatThrownBy(
            () -> new AuthorizationGrant(null, "USER", "*", "PROCESS_DEFINITION", List.of("READ")))
        .hasMessage("ownerId: is required");
    assertThatThrownBy(
            () -> new AuthorizationGrant("alice", "USER", " ", "PROCESS_DEFINITION", List.of("R")))
        .hasMessage("resourceId: must not be blank");
    assertThatThrownBy(
            () -> new AuthorizationGrant("alice", "USER", "*", "PROCESS_DEFINITION", List.of()))
        .hasMessage("permissionTypes: must not be empty");
    assertThatThrownBy(
            () -> new AuthorizationGrant("alice", "USER", "*", "PROCESS_DEFINITION", null))
        .hasMessage("permissionTypes: is required");
  }
}
