package io.gatefork.service.identity;

import io.camunda.zeebe.protocol.impl.record.value.group.GroupRecord;
import io.camunda.zeebe.protocol.record.intent.GroupIntent;
import io.camunda.zeebe.protocol.record.value.EntityType;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import java.util.EnumSet;
import java.util.concurrent.Executor;

public final class BrokerGroupServices extends BrokerMembershipServices<GroupRecord>
    implements GroupServices {

  public BrokerGroupServices(final BrokerClient brokerClient, final Executor executor) {
    super(
        brokerClient,
        executor,
        EnumSet.of(MemberType.USER, MemberType.CLIENT, MemberType.MAPPING_RULE));
  }

  @Override
  GroupRecord newRecord(final String id) {
    return new GroupRecord().setGroupId(id);
  }

  @Override
  void describe(final GroupRecord record, final String name, final String description) {
    record.setName(name).setDescription(description);
  }

  @Override
  void member(final GroupRecord record, final EntityType type, final String memberId) {
    record.setEntityType(type).setEntityId(memberId);
  }

  @Override
  BrokerRequest<GroupRecord> request(final Command command, final GroupRecord record) {
    return BrokerRequests.group(
        switch (command) {
          case CREATE -> GroupIntent.CREATE;
          case UPDATE -> GroupIntent.UPDATE;
          case DELETE -> GroupIntent.DELETE;
          case ADD_ENTITY -> GroupIntent.ADD_ENTITY;
          case REMOVE_ENTITY -> GroupIntent.REMOVE_ENTITY;
        },
        record);
  }

  @Override
  EntitySaved toSaved(final BrokerResult.Accepted<GroupRecord> answer) {
    final GroupRecord record = answer.value();
    return new EntitySaved(
        record.getGroupKey() > 0 ? record.getGroupKey() : answer.key(),
        record.getGroupId(),
        record.getName(),
        record.getDescription());
  }
}
