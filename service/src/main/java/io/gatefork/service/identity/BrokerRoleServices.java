package io.gatefork.service.identity;

import io.camunda.zeebe.protocol.impl.record.value.authorization.RoleRecord;
import io.camunda.zeebe.protocol.record.intent.RoleIntent;
import io.camunda.zeebe.protocol.record.value.EntityType;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import java.util.EnumSet;
import java.util.concurrent.Executor;

public final class BrokerRoleServices extends BrokerMembershipServices<RoleRecord>
    implements RoleServices {

  public BrokerRoleServices(final BrokerClient brokerClient, final Executor executor) {
    super(
        brokerClient,
        executor,
        EnumSet.of(MemberType.USER, MemberType.CLIENT, MemberType.GROUP, MemberType.MAPPING_RULE));
  }

  @Override
  RoleRecord newRecord(final String id) {
    return new RoleRecord().setRoleId(id);
  }

  @Override
  void describe(final RoleRecord record, final String name, final String description) {
    record.setName(name).setDescription(description);
  }

  @Override
  void member(final RoleRecord record, final EntityType type, final String memberId) {
    record.setEntityType(type).setEntityId(memberId);
  }

  @Override
  BrokerRequest<RoleRecord> request(final Command command, final RoleRecord record) {
    return BrokerRequests.role(
        switch (command) {
          case CREATE -> RoleIntent.CREATE;
          case UPDATE -> RoleIntent.UPDATE;
          case DELETE -> RoleIntent.DELETE;
          case ADD_ENTITY -> RoleIntent.ADD_ENTITY;
          case REMOVE_ENTITY -> RoleIntent.REMOVE_ENTITY;
        },
        record);
  }

  @Override
  EntitySaved toSaved(final BrokerResult.Accepted<RoleRecord> answer) {
    final RoleRecord record = answer.value();
    return new EntitySaved(
        record.getRoleKey() > 0 ? record.getRoleKey() : answer.key(),
        record.getRoleId(),
        record.getName(),
        record.getDescription());
  }
}
