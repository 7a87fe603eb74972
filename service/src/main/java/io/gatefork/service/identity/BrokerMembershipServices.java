package io.gatefork.service.identity;

import io.camunda.zeebe.protocol.impl.record.UnifiedRecordValue;
import io.camunda.zeebe.protocol.record.value.EntityType;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The shared flow of groups, roles and tenants: fill the record type's fields, send to the
 * deployment partition. Subclasses name the record type, its fields and which members it takes. The
 * ids (the entity's and a member's) are checked once, by REST, the only front end that manages
 * them, with their format rules; the definition checks its name; what is left here is which members
 * the entity takes.
 *
 * @param <R> the record type ({@code GroupRecord}, {@code RoleRecord}, {@code TenantRecord})
 */
abstract class BrokerMembershipServices<R extends UnifiedRecordValue> extends ApiServices
    implements MembershipServices {

  /** The five commands of the life cycle, mapped to each record type's own intents. */
  enum Command {
    CREATE,
    UPDATE,
    DELETE,
    ADD_ENTITY,
    REMOVE_ENTITY
  }

  private final Set<MemberType> memberTypes;

  BrokerMembershipServices(
      final BrokerClient brokerClient, final Executor executor, final Set<MemberType> memberTypes) {
    super(brokerClient, executor);
    this.memberTypes = memberTypes;
  }

  abstract R newRecord(String id);

  abstract void describe(R record, String name, String description);

  abstract void member(R record, EntityType type, String memberId);

  abstract BrokerRequest<R> request(Command command, R record);

  abstract EntitySaved toSaved(BrokerResult.Accepted<R> answer);

  @Override
  public CompletableFuture<EntitySaved> create(
      final RequestContext context, final EntityDefinition entity) {
    return save(context, Command.CREATE, entity);
  }

  @Override
  public CompletableFuture<EntitySaved> update(
      final RequestContext context, final EntityDefinition entity) {
    return save(context, Command.UPDATE, entity);
  }

  private CompletableFuture<EntitySaved> save(
      final RequestContext context, final Command command, final EntityDefinition entity) {
    final R record = newRecord(entity.id());
    describe(record, entity.name(), entity.description() == null ? "" : entity.description());
    return send(context, request(command, record), this::toSaved);
  }

  @Override
  public CompletableFuture<Void> delete(final RequestContext context, final String id) {
    return send(context, request(Command.DELETE, newRecord(id)), answer -> null);
  }

  @Override
  public CompletableFuture<Void> assign(
      final RequestContext context,
      final String id,
      final MemberType memberType,
      final String memberId) {
    return membership(context, Command.ADD_ENTITY, id, memberType, memberId);
  }

  @Override
  public CompletableFuture<Void> unassign(
      final RequestContext context,
      final String id,
      final MemberType memberType,
      final String memberId) {
    return membership(context, Command.REMOVE_ENTITY, id, memberType, memberId);
  }

  private CompletableFuture<Void> membership(
      final RequestContext context,
      final Command command,
      final String id,
      final MemberType memberType,
      final String memberId) {
    final BrokerRequest<R> request;
    try {
      if (memberType == null || !memberTypes.contains(memberType)) {
        throw FieldRules.unknownValue("memberType", memberTypes, memberType);
      }
      final R record = newRecord(id);
      member(record, memberType.entityType(), memberId);
      request = request(command, record);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }
}
