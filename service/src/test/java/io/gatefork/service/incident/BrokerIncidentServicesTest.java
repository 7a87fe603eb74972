package io.gatefork.service.incident;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.ValueType;
import io.camunda.zeebe.protocol.record.intent.IncidentIntent;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerIncidentServicesTest {
  private static final long INCIDENT_KEY = 2251799813685260L;
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerIncidentServices services = new BrokerIncidentServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void resolveSendsResolveWithTheIncidentKeyAndOperationReference() throws Exception {
    services.resolve(RequestContext.create(), INCIDENT_KEY, 9L).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.valueType()).isEqualTo(ValueType.INCIDENT);
    assertThat(sent.intent()).isEqualTo(IncidentIntent.RESOLVE);
    assertThat(sent.request().key()).isEqualTo(INCIDENT_KEY);
    assertThat(sent.request().operationReference()).isEqualTo(9L);
  }

  @Test
  void anUnknownIncidentIsNotFoundWithTheEnginesReason() {
    broker.respondWith(
        sent ->
            FakeBrokerClient.rejected(
                sent,
                RejectionType.NOT_FOUND,
                "Expected to resolve incident with key '1', but no such incident was found"));

    assertFails(
        services.resolve(RequestContext.create(), INCIDENT_KEY, null),
        ServiceStatus.NOT_FOUND,
        "Command 'RESOLVE' rejected with code 'NOT_FOUND': Expected to resolve incident");
  }

  @Test
  void anInvalidKeyNeverReachesTheBroker() {
    assertFails(
        services.resolve(RequestContext.create(), 0L, null),
        ServiceStatus.INVALID_ARGUMENT,
        "incidentKey");
    assertFails(
        services.resolve(RequestContext.create(), INCIDENT_KEY, 0L),
        ServiceStatus.INVALID_ARGUMENT,
        "operationReference: must be at least 1");
    assertThat(broker.sent()).isEmpty();
  }
}
