package io.gatefork.service.identity;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.authorization.AuthorizationRecord;
import io.camunda.zeebe.protocol.impl.record.value.authorization.MappingRuleRecord;
import io.camunda.zeebe.protocol.record.intent.AuthorizationIntent;
import io.camunda.zeebe.protocol.record.intent.MappingRuleIntent;
import io.camunda.zeebe.protocol.record.value.AuthorizationOwnerType;
import io.camunda.zeebe.protocol.record.value.AuthorizationResourceMatcher;
import io.camunda.zeebe.protocol.record.value.AuthorizationResourceType;
import io.camunda.zeebe.protocol.record.value.PermissionType;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerAuthorizationServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerAuthorizationServices services =
      new BrokerAuthorizationServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void theWildcardResourceIdMatchesAnyResourceAndTheAnswerIsTheNewKey() throws Exception {
    broker.respondWith(sent -> FakeBrokerClient.echo(sent, 77L));

    final long key = services.create(RequestContext.create(), new AuthorizationGrant("alice",
            "USER", "*", "PROCESS_DEFINITION", List.of("READ_PROCESS_INSTANCE")))
        .get(5, TimeUnit.SECONDS);

    assertThat(key).isEqualTo(77L);
    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(AuthorizationIntent.CREATE);
    final var record = sent.valueAs(new AuthorizationRecord());
    assertThat(record.getResourceMatcher()).isEqualTo(AuthorizationResourceMatcher.ANY);
    assertThat(record.getOwnerType()).isEqualTo(AuthorizationOwnerType.USER);
    assertThat(record.getResourceType()).isEqualTo(AuthorizationResourceType.PROCESS_DEFINITION);
    assertThat(record.getPermissionTypes()).containsExactly(PermissionType.READ_PROCESS_INSTANCE);
  }

  @Test
  void aNamedResourceMatchesByIdAndUpdatesCarryTheKey() throws Exception {
    services.update(RequestContext.create(), 88L, new AuthorizationGrant("g", "GROUP", "order",
        "PROCESS_DEFINITION", List.of("READ_PROCESS_DEFINITION"))).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(AuthorizationIntent.UPDATE);
    final var record = sent.valueAs(new AuthorizationRecord());
    assertThat(record.getAuthorizationKey()).isEqualTo(88L);
    assertThat(record.getResourceMatcher()).isEqualTo(AuthorizationResourceMatcher.ID);
  }

  @Test
  void deleteNamesTheAuthorizationByKey() throws Exception {
    services.delete(RequestContext.create(), 99L).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(AuthorizationIntent.DELETE);
    assertThat(sent.request().key()).isEqualTo(99L);
    assertThat(sent.valueAs(new AuthorizationRecord()).getAuthorizationKey()).isEqualTo(99L);
  }

  @Test
  void anUnknownPermissionIsNamedWithTheAllowedOnes() {
    assertFails(services.create(RequestContext.create(), new AuthorizationGrant("alice", "USER",
            "*", "PROCESS_DEFINITION", List.of("READ", "FLY"))),
        ServiceStatus.INVALID_ARGUMENT, "permissionTypes[1]: expected one of [ACCESS");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void mappingRulesAreSentWithAllFourFields() throws Exception {
    new BrokerMappingRuleServices(broker, Runnable::run).create(RequestContext.create(),
        new MappingRule(0, "m", "M", "groups", "admins")).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(MappingRuleIntent.CREATE);
    final var record = sent.valueAs(new MappingRuleRecord());
    assertThat(record.getMappingRuleId()).isEqualTo("m");
    assertThat(record.getClaimName()).isEqualTo("groups");
    assertThat(record.getClaimValue()).isEqualTo("admins");
  }
}
