package io.gatefork.service.signal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.impl.record.value.signal.SignalRecord;
import io.camunda.zeebe.protocol.record.intent.SignalIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerSignalServicesTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerSignalServices services = new BrokerSignalServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void broadcastSendsNameVariablesAndTheDefaultTenantAndAnswersTheKey() throws Exception {
    broker.respondWith(sent -> FakeBrokerClient.echo(sent, 42L));

    final var broadcasted =
        services
            .broadcast(
                RequestContext.create(),
                new BroadcastSignal("alarm", JsonDocument.ofJson("{\"level\":3}"), null))
            .get(5, TimeUnit.SECONDS);

    assertThat(broadcasted).isEqualTo(new SignalBroadcasted(42L, "<default>"));
    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(SignalIntent.BROADCAST);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.DEPLOYMENT);
    final var record = sent.valueAs(new SignalRecord());
    assertThat(record.getSignalName()).isEqualTo("alarm");
    assertThat(record.getVariables()).containsEntry("level", 3);
  }

  @Test
  void aSignalWithoutNameCannotBeMade() {
    assertThatThrownBy(() -> new BroadcastSignal(" ", null, null))
        .hasMessage("signalName: must not be blank");
  }
}
