package io.gatefork.service.variable;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;

import io.camunda.zeebe.protocol.Protocol;
import io.camunda.zeebe.protocol.impl.record.value.variable.VariableDocumentRecord;
import io.camunda.zeebe.protocol.record.intent.VariableDocumentIntent;
import io.camunda.zeebe.protocol.record.value.VariableDocumentUpdateSemantic;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerVariableServicesTest {
  private static final long SCOPE_KEY = Protocol.encodePartitionId(2, 77L);
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerVariableServices services = new BrokerVariableServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void setVariablesGoesToTheScopesPartitionAndAnswersTheDocumentKey() throws Exception {
    final long key =
        services
            .setVariables(
                RequestContext.create(),
                new SetVariables(SCOPE_KEY, JsonDocument.ofJson("{\"paid\":true}"), true, 4L))
            .get(5, TimeUnit.SECONDS);

    assertThat(key).isEqualTo(1L); // the fake broker answers with key 1
    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(VariableDocumentIntent.UPDATE);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.byKey(SCOPE_KEY));
    assertThat(sent.request().operationReference()).isEqualTo(4L);
    final var record = sent.valueAs(new VariableDocumentRecord());
    assertThat(record.getScopeKey()).isEqualTo(SCOPE_KEY);
    assertThat(record.getUpdateSemantics()).isEqualTo(VariableDocumentUpdateSemantic.LOCAL);
    assertThat(record.getVariables()).containsEntry("paid", true);
  }

  @Test
  void notLocalPropagatesTheVariables() throws Exception {
    services
        .setVariables(RequestContext.create(), new SetVariables(SCOPE_KEY, null, false, null))
        .get(5, TimeUnit.SECONDS);

    final var record = broker.sent().getFirst().valueAs(new VariableDocumentRecord());
    assertThat(record.getUpdateSemantics()).isEqualTo(VariableDocumentUpdateSemantic.PROPAGATE);
    assertThat(record.getVariables()).isEmpty();
  }

  @Test
  void badInputNeverReachesTheBroker() {
    assertFails(
        services.setVariables(
            RequestContext.create(), new SetVariables(0L, JsonDocument.EMPTY, false, null)),
        ServiceStatus.INVALID_ARGUMENT,
        "elementInstanceKey");
    assertFails(
        services.setVariables(
            RequestContext.create(), new SetVariables(SCOPE_KEY, JsonDocument.EMPTY, false, -3L)),
        ServiceStatus.INVALID_ARGUMENT,
        "operationReference: must be at least 1");
    assertThat(broker.sent()).isEmpty();
  }
}
