package io.gatefork.service.identity;

import io.camunda.zeebe.protocol.impl.record.value.user.UserRecord;
import io.camunda.zeebe.protocol.record.intent.UserIntent;
import io.gatefork.broker.client.BrokerClient;
import io.gatefork.broker.client.BrokerResult;
import io.gatefork.broker.client.request.BrokerRequest;
import io.gatefork.broker.client.request.BrokerRequests;
import io.gatefork.service.ApiServices;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceException;
import io.gatefork.service.validation.FieldRules;
import io.gatefork.service.validation.IdentifierRules;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/** User commands; passwords leave the gateway only as hashes. */
public final class BrokerUserServices extends ApiServices implements UserServices {
  static final int MAX_PASSWORD_BYTES = 72;

  private final PasswordHasher passwordHasher;

  public BrokerUserServices(
      final BrokerClient brokerClient,
      final Executor executor,
      final PasswordHasher passwordHasher) {
    super(brokerClient, executor);
    this.passwordHasher = Objects.requireNonNull(passwordHasher, "passwordHasher");
  }

  @Override
  public CompletableFuture<UserSaved> create(
      final RequestContext context, final UserDefinition user) {
    return createAs(context, UserIntent.CREATE, user);
  }

  @Override
  public CompletableFuture<UserSaved> createInitialAdmin(
      final RequestContext context, final UserDefinition user) {
    return createAs(context, UserIntent.CREATE_INITIAL_ADMIN, user);
  }

  private CompletableFuture<UserSaved> createAs(
      final RequestContext context, final UserIntent intent, final UserDefinition user) {
    final BrokerRequest<UserRecord> request;
    try {
      final var record =
          new UserRecord()
              .setUsername(user.username())
              .setName(orEmpty(user.name()))
              .setEmail(orEmpty(user.email()))
              .setPassword(
                  passwordHasher.hash(
                      // a new user's password is given (UserDefinition.newUser)
                      password(user.password())));
      request = BrokerRequests.user(intent, record);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, BrokerUserServices::toSaved);
  }

  /** bcrypt hashes at most 72 bytes: a longer password is the client's error, not a 500. */
  private static String password(final String password) {
    return FieldRules.maxUtf8Bytes("password", password, MAX_PASSWORD_BYTES);
  }

  /** Name and email are replaced (absent = empty); an absent or empty password is kept. */
  @Override
  public CompletableFuture<UserSaved> update(
      final RequestContext context, final UserDefinition user) {
    final BrokerRequest<UserRecord> request;
    try {
      final var record =
          new UserRecord()
              .setUsername(user.username())
              .setName(orEmpty(user.name()))
              .setEmail(orEmpty(user.email()));
      if (user.password() != null && !user.password().isEmpty()) {
        record.setPassword(passwordHasher.hash(password(user.password())));
      }
      request = BrokerRequests.user(UserIntent.UPDATE, record);
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, BrokerUserServices::toSaved);
  }

  @Override
  public CompletableFuture<Void> delete(final RequestContext context, final String username) {
    final BrokerRequest<UserRecord> request;
    try {
      request =
          BrokerRequests.user(
              UserIntent.DELETE,
              new UserRecord().setUsername(IdentifierRules.identifier("username", username)));
    } catch (final ServiceException e) {
      return rejectInput(e);
    }
    return send(context, request, answer -> null);
  }

  private static UserSaved toSaved(final BrokerResult.Accepted<UserRecord> answer) {
    final UserRecord record = answer.value();
    final long key = record.getUserKey() > 0 ? record.getUserKey() : answer.key();
    return new UserSaved(key, record.getUsername(), record.getName(), record.getEmail());
  }

  private static String orEmpty(final String value) {
    return value == null ? "" : value;
  }
}
