package io.gatefork.service.identity;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.Protocol;
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
  /** Authorization keys are made on the deployment partition and encode it. */
  private static final long KEY_88 = Protocol.encodePartitionId(1, 88);

  private static final long KEY_99 = Protocol.encodePartitionId(1, 99);
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

    final long key =
        services
            .create(
                RequestContext.create(),
                new AuthorizationGrant(
                    "alice", "USER", "*", "PROCESS_DEFINITION", List.of("READ_PROCESS_INSTANCE")))
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
    services
        .update(
            RequestContext.create(),
            KEY_88,
            new AuthorizationGrant(
                "g", "GROUP", "order", "PROCESS_DEFINITION", List.of("READ_PROCESS_DEFINITION")))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(AuthorizationIntent.UPDATE);
    final var record = sent.valueAs(new AuthorizationRecord());
    assertThat(record.getAuthorizationKey()).isEqualTo(KEY_88);
    assertThat(record.getResourceMatcher()).isEqualTo(AuthorizationResourceMatcher.ID);
  }

  @Test
  void deleteNamesTheAuthorizationByKey() throws Exception {
    services.delete(RequestContext.create(), KEY_99).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(AuthorizationIntent.DELETE);
    assertThat(sent.request().key()).isEqualTo(KEY_99);
    assertThat(sent.valueAs(new AuthorizationRecord()).getAuthorizationKey()).isEqualTo(KEY_99);
  }

  /** The engine would take it for a command distributed from partition 2 and never answer. */
  @Test
  void aKeyOfAnotherPartitionIsNotFoundWithoutAskingTheBroker() {
    final long otherPartition = Protocol.encodePartitionId(2, 99);

    assertFails(
        services.delete(RequestContext.create(), otherPartition),
        ServiceStatus.NOT_FOUND,
        "Expected to delete authorization with key " + otherPartition);
    assertFails(
        services.update(
            RequestContext.create(),
            otherPartition,
            new AuthorizationGrant(
                "g", "GROUP", "*", "PROCESS_DEFINITION", List.of("READ_PROCESS_DEFINITION"))),
        ServiceStatus.NOT_FOUND,
        "Expected to update authorization with key " + otherPartition);
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void anUnknownPermissionIsNamedWithTheAllowedOnes() {
    assertFails(
        services.create(
            RequestContext.create(),
            new AuthorizationGrant(
                "alice", "USER", "*", "PROCESS_DEFINITION", List.of("READ", "FLY"))),
        ServiceStatus.INVALID_ARGUMENT,
        "permissionTypes[1]: must be one of [ACCESS");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void mappingRulesAreSentWithAllFourFields() throws Exception {
    new BrokerMappingRuleServices(broker, Runnable::run)
        .create(RequestContext.create(), new MappingRule(0, "m", "M", "groups", "admins"))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(MappingRuleIntent.CREATE);
    final var record = sent.valueAs(new MappingRuleRecord());
    assertThat(record.getMappingRuleId()).isEqualTo("m");
    assertThat(record.getClaimName()).isEqualTo("groups");
    assertThat(record.getClaimValue()).isEqualTo("admins");
  }

  @Test
  void aBadMappingRuleIdToDeleteNeverReachesTheBroker() {
    assertFails(
        new BrokerMappingRuleServices(broker, Runnable::run).delete(RequestContext.create(), "a b"),
        ServiceStatus.INVALID_ARGUMENT,
        "mappingRuleId: must contain only");
    assertThat(broker.sent()).isEmpty();
  }
}
