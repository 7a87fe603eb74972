package io.gatefork.service.clock;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.impl.record.value.clock.ClockRecord;
import io.camunda.zeebe.protocol.record.intent.ClockIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerClockServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerClockServices services = new BrokerClockServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void pinSendsTheInstantToTheDeploymentPartition() throws Exception {
    services.pin(RequestContext.create(), 1_700_000_000_000L).get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(ClockIntent.PIN);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.DEPLOYMENT);
    assertThat(sent.valueAs(new ClockRecord()).getTime()).isEqualTo(1_700_000_000_000L);
  }

  @Test
  void resetIsAResetCommand() throws Exception {
    services.reset(RequestContext.create()).get(5, TimeUnit.SECONDS);

    assertThat(broker.sent().getFirst().intent()).isEqualTo(ClockIntent.RESET);
  }

  @Test
  void aNegativeInstantNeverReachesTheBroker() {
    assertFails(
        services.pin(RequestContext.create(), -1), ServiceStatus.INVALID_ARGUMENT, "timestamp");
    assertThat(broker.sent()).isEmpty();
  }
}
