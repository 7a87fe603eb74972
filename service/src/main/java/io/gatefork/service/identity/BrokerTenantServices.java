package io.gatefork.service.identity;

import io.camunda.zeebe.protocol.impl.record.value.tenant.TenantRecord;
import io.camunda.zeebe.protocol.record.intent.TenantIntent;
import io.camunda.zeebe.protocol.record.value.EntityType;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import java.util.EnumSet;
import java.util.concurrent.Executor;

public final class BrokerTenantServices extends BrokerMembershipServices<TenantRecord>
    implements TenantServices {

  public BrokerTenantServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor, EnumSet.allOf(MemberType.class));
  }

  @Override
  TenantRecord newRecord(final String id) {
    return new TenantRecord().setTenantId(id);
  }

  @Override
  void describe(final TenantRecord record, final String name, final String description) {
    record.setName(name).setDescription(description);
  }

  @Override
  void member(final TenantRecord record, final EntityType type, final String memberId) {
    record.setEntityType(type).setEntityId(memberId);
  }

  @Override
  BrokerRequest<TenantRecord> request(final Command command, final TenantRecord record) {
    return BrokerRequests.tenant(
        switch (command) {
          case CREATE -> TenantIntent.CREATE;
          case UPDATE -> TenantIntent.UPDATE;
          case DELETE -> TenantIntent.DELETE;
          case ADD_ENTITY -> TenantIntent.ADD_ENTITY;
          case REMOVE_ENTITY -> TenantIntent.REMOVE_ENTITY;
        },
        record);
  }

  @Override
  EntitySaved toSaved(final BrokerResult.Accepted<TenantRecord> answer) {
    final TenantRecord record = answer.value();
    return new EntitySaved(
        record.getTenantKey() > 0 ? record.getTenantKey() : answer.key(),
        record.getTenantId(),
        record.getName(),
        record.getDescription());
  }
}
