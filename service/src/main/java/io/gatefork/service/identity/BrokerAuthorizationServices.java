package io.gatefork.service.identity;

import static io.gatefork.broker.client.request.BrokerRequest.NO_KEY;

import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.record.value.authorization.AuthorizationRecord;
import io.camunda.zeebe.protocol.record.intent.AuthorizationIntent;
import io.camunda.zeebe.protocol.record.value.AuthorizationOwnerType;
import io.camunda.zeebe.protocol.record.value.AuthorizationResourceMatcher;
import io.camunda.zeebe.protocol.record.value.AuthorizationResourceType;
import io.camunda.zeebe.protocol.record.value.PermissionType;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.validation.FieldRules;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

public final class BrokerAuthorizationServices extends ApiServices
    implements AuthorizationServices {
  /** The resource id that grants the permissions on every resource of the type. */
  static final String WILDCARD = "*";

  public BrokerAuthorizationServices(final BrokerClient brokerClient, final Executor executor) {
    super(brokerClient, executor);
  }

  @Override
  public CompletableFuture<Long> create(
      final RequestContext context, final AuthorizationGrant grant) {
    final BrokerRequest<AuthorizationRecord> request;
    try {
      request = BrokerRequests.authorization(AuthorizationIntent.CREATE, NO_KEY, toRecord(grant));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(
        context,
        request,
        answer -> {
          final Long key = answer.value().getAuthorizationKey();
          return key != null && key > 0 ? key : answer.key();
        });
  }

  @Override
  public CompletableFuture<Void> update(
      final RequestContext context, final long authorizationKey, final AuthorizationGrant grant) {
    final BrokerRequest<AuthorizationRecord> request;
    try {
      final long key = FieldRules.requireKey("authorizationKey", authorizationKey);
      if (!onAuthorizationPartition(key)) {
        return rejectInput(notFound("UPDATE", "update", key));
      }
      request =
          BrokerRequests.authorization(
              AuthorizationIntent.UPDATE, key, toRecord(grant).setAuthorizationKey(key));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  @Override
  public CompletableFuture<Void> delete(final RequestContext context, final long authorizationKey) {
    final BrokerRequest<AuthorizationRecord> request;
    try {
      final long key = FieldRules.requireKey("authorizationKey", authorizationKey);
      if (!onAuthorizationPartition(key)) {
        return rejectInput(notFound("DELETE", "delete", key));
      }
      // the matcher has no default: the record cannot be written without one
      request =
          BrokerRequests.authorization(
              AuthorizationIntent.DELETE,
              key,
              new AuthorizationRecord()
                  .setAuthorizationKey(key)
                  .setResourceMatcher(AuthorizationResourceMatcher.UNSPECIFIED));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  /**
   * Authorizations are created on the deployment partition, so their keys encode it. A key of
   * another partition names no authorization; the engine would take such a command for one
   * distributed from that partition and never answer it, so it is answered here as the engine
   * answers an unknown key.
   */
  private static boolean onAuthorizationPartition(final long key) {
    return Protocol.decodePartitionId(key) == Protocol.DEPLOYMENT_PARTITION;
  }

  private static ServiceException notFound(final String intent, final String verb, final long key) {
    return new ServiceException(
        ServiceStatus.NOT_FOUND,
        "Command '"
            + intent
            + "' rejected with code 'NOT_FOUND': Expected to "
            + verb
            + " authorization with key "
            + key
            + ", but an authorization with this key does not"
            + " exist");
  }

  private static AuthorizationRecord toRecord(final AuthorizationGrant grant) {
    // the grant checked that each field is given (AuthorizationGrant); the names are checked here
    final String resourceId = grant.resourceId();
    return new AuthorizationRecord()
        .setOwnerId(grant.ownerId())
        .setOwnerType(enumValue("ownerType", AuthorizationOwnerType.class, grant.ownerType()))
        .setResourceId(resourceId)
        .setResourceMatcher(
            WILDCARD.equals(resourceId)
                ? AuthorizationResourceMatcher.ANY
                : AuthorizationResourceMatcher.ID)
        .setResourceType(
            enumValue("resourceType", AuthorizationResourceType.class, grant.resourceType()))
        .setPermissionTypes(permissions(grant.permissionTypes()));
  }

  private static Set<PermissionType> permissions(final List<String> names) {
    final Set<PermissionType> permissions = EnumSet.noneOf(PermissionType.class);
    for (int i = 0; i < names.size(); i++) {
      permissions.add(enumValue("permissionTypes[" + i + "]", PermissionType.class, names.get(i)));
    }
    return permissions;
  }

  private static <E extends Enum<E>> E enumValue(
      final String field, final Class<E> type, final String value) {
    for (final E constant : type.getEnumConstants()) {
      if (constant.name().equals(value)) {
        return constant;
      }
    }
    throw FieldRules.unknownValue(field, Arrays.asList(type.getEnumConstants()), value);
  }
}
