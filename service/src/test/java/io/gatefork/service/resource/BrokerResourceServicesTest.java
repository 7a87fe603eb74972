package io.gatefork.service.resource;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.resource.ResourceDeletionRecord;
import io.camunda.zeebe.protocol.record.intent.ResourceDeletionIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerResourceServicesTest {
  private static final long RESOURCE_KEY = 2251799813685251L;
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerResourceServices services = new BrokerResourceServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void deleteGoesToTheDeploymentPartitionWithTheResourceKey() throws Exception {
    services.delete(RequestContext.create(), RESOURCE_KEY, 3L).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(ResourceDeletionIntent.DELETE);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.DEPLOYMENT);
    assertThat(sent.request().operationReference()).isEqualTo(3L);
    assertThat(sent.valueAs(new ResourceDeletionRecord()).getResourceKey()).isEqualTo(RESOURCE_KEY);
  }

  @Test
  void anInvalidKeyNeverReachesTheBroker() {
    assertFails(
        services.delete(RequestContext.create(), -1L, null),
        ServiceStatus.INVALID_ARGUMENT,
        "resourceKey");
    assertFails(
        services.delete(RequestContext.create(), RESOURCE_KEY, 0L),
        ServiceStatus.INVALID_ARGUMENT,
        "operationReference: must be at least 1");
    assertThat(broker.sent()).isEmpty();
  }
}
