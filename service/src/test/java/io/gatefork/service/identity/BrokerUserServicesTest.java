package io.gatefork.service.identity;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.user.UserRecord;
import io.camunda.zeebe.protocol.record.intent.UserIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerUserServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerUserServices services =
      new BrokerUserServices(broker, Runnable::run, password -> "{test}hash-of-" + password);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void createSendsTheHashNeverThePasswordAndAnswersWithoutIt() throws Exception {
    broker.respondWith(
        sent ->
            FakeBrokerClient.<UserRecord>accepted(
                sent,
                5L,
                record ->
                    record
                        .setUserKey(5L)
                        .setUsername("alice")
                        .setName("Alice")
                        .setEmail("a@x.io")
                        .setPassword("{test}hash-of-secret")));

    final UserSaved saved =
        services
            .create(
                RequestContext.create(), new UserDefinition("alice", "Alice", "a@x.io", "secret"))
            .get(5, TimeUnit.SECONDS);

    assertThat(saved).isEqualTo(new UserSaved(5L, "alice", "Alice", "a@x.io"));
    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(UserIntent.CREATE);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.DEPLOYMENT);
    assertThat(sent.valueAs(new UserRecord()).getPassword()).isEqualTo("{test}hash-of-secret");
    assertThat(new String(sent.value())).doesNotContain("\u00a6secret").contains("hash-of-secret");
  }

  @Test
  void theInitialAdminIsItsOwnCommand() throws Exception {
    services
        .createInitialAdmin(RequestContext.create(), new UserDefinition("admin", null, null, "pw"))
        .get(5, TimeUnit.SECONDS);

    assertThat(broker.sent().getFirst().intent()).isEqualTo(UserIntent.CREATE_INITIAL_ADMIN);
  }

  @Test
  void updateWithoutPasswordKeepsItEmptySoTheBrokerKeepsTheOldOne() throws Exception {
    services
        .update(RequestContext.create(), new UserDefinition("alice", "Al", null, null))
        .get(5, TimeUnit.SECONDS);

    final var record = broker.sent().getFirst().valueAs(new UserRecord());
    assertThat(broker.sent().getFirst().intent()).isEqualTo(UserIntent.UPDATE);
    assertThat(record.getPassword()).isEmpty();
    assertThat(record.getName()).isEqualTo("Al");
    assertThat(record.getEmail()).isEmpty();
  }

  @Test
  void aBadUsernameToDeleteNeverReachesTheBroker() {
    assertFails(
        services.delete(RequestContext.create(), "a b"),
        ServiceStatus.INVALID_ARGUMENT,
        "username: must contain only");
    assertThat(broker.sent()).isEmpty();
  }

  @Test
  void theDefinitionNeverPrintsItsPassword() {
    assertThat(new UserDefinition("alice", "A", "a@x.io", "secret").toString())
        .doesNotContain("secret");
  }
}
