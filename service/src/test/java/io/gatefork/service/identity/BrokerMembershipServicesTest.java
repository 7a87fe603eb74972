package io.gatefork.service.identity;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.authorization.RoleRecord;
import io.camunda.zeebe.protocol.impl.record.value.group.GroupRecord;
import io.camunda.zeebe.protocol.impl.record.value.tenant.TenantRecord;
import io.camunda.zeebe.protocol.record.intent.GroupIntent;
import io.camunda.zeebe.protocol.record.intent.RoleIntent;
import io.camunda.zeebe.protocol.record.intent.TenantIntent;
import io.camunda.zeebe.protocol.record.value.EntityType;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerMembershipServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void groupCreateAnswersTheStoredGroupWithItsKey() throws Exception {
    broker.respondWith(
        sent ->
            FakeBrokerClient.<GroupRecord>accepted(
                sent,
                9L,
                record -> record.setGroupKey(9L).setGroupId("g").setName("G").setDescription("d")));
    final var services = new BrokerGroupServices(broker, Runnable::run);

    final EntitySaved saved =
        services
            .create(RequestContext.create(), new EntityDefinition("g", "G", "d"))
            .get(5, TimeUnit.SECONDS);

    assertThat(saved).isEqualTo(new EntitySaved(9L, "g", "G", "d"));
    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(GroupIntent.CREATE);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.DEPLOYMENT);
  }

  @Test
  void roleMembersAreAddedAndRemovedAsEntitiesOfTheirType() throws Exception {
    final var services = new BrokerRoleServices(broker, Runnable::run);

    services.assign(RequestContext.create(), "r", MemberType.GROUP, "g").get(5, TimeUnit.SECONDS);
    services
        .unassign(RequestContext.create(), "r", MemberType.USER, "alice")
        .get(5, TimeUnit.SECONDS);

    final var added = broker.sent().get(0);
    assertThat(added.intent()).isEqualTo(RoleIntent.ADD_ENTITY);
    final var addedRecord = added.valueAs(new RoleRecord());
    assertThat(addedRecord.getRoleId()).isEqualTo("r");
    assertThat(addedRecord.getEntityType()).isEqualTo(EntityType.GROUP);
    assertThat(addedRecord.getEntityId()).isEqualTo("g");
    assertThat(broker.sent().get(1).intent()).isEqualTo(RoleIntent.REMOVE_ENTITY);
  }

  @Test
  void tenantsTakeRolesButGroupsDoNot() throws Exception {
    new BrokerTenantServices(broker, Runnable::run)
        .assign(RequestContext.create(), "t", MemberType.ROLE, "r")
        .get(5, TimeUnit.SECONDS);
    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(TenantIntent.ADD_ENTITY);
    assertThat(sent.valueAs(new TenantRecord()).getEntityType()).isEqualTo(EntityType.ROLE);

    assertFails(
        new BrokerGroupServices(broker, Runnable::run)
            .assign(RequestContext.create(), "g", MemberType.ROLE, "r"),
        ServiceStatus.INVALID_ARGUMENT,
        "memberType");
    assertThat(broker.sent()).hasSize(1);
  }

  @Test
  void deleteNamesTheEntityById() throws Exception {
    new BrokerTenantServices(broker, Runnable::run)
        .delete(RequestContext.create(), "t")
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(TenantIntent.DELETE);
    assertThat(sent.valueAs(new TenantRecord()).getTenantId()).isEqualTo("t");
  }
}
