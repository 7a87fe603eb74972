package io.gatefork.service.adhocsubprocess;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.impl.record.value.adhocsubprocess.AdHocSubProcessInstructionRecord;
import io.camunda.zeebe.protocol.record.intent.AdHocSubProcessInstructionIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerAdHocSubProcessServicesTest {
  private static final long KEY = 2251799813685249L;

  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerAdHocSubProcessServices services =
      new BrokerAdHocSubProcessServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void activationNamesTheElementsWithTheirVariables() throws Exception {
    services
        .activateActivities(
            RequestContext.create(),
            new ActivateAdHocSubProcessActivities(
                KEY,
                List.of(
                    new ActivateAdHocSubProcessActivities.Element(
                        "a", JsonDocument.ofJson("{\"x\":1}")),
                    new ActivateAdHocSubProcessActivities.Element("b", null)),
                true))
        .get(5, TimeUnit.SECONDS);

    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(AdHocSubProcessInstructionIntent.ACTIVATE);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.byKey(KEY));
    final var record = sent.valueAs(new AdHocSubProcessInstructionRecord());
    assertThat(record.getAdHocSubProcessInstanceKey()).isEqualTo(KEY);
    assertThat(record.isCancelRemainingInstances()).isTrue();
    assertThat(record.getActivateElements()).hasSize(2);
    assertThat(record.getActivateElements().getFirst().getElementId()).isEqualTo("a");
    assertThat(record.getActivateElements().getFirst().getVariables()).containsEntry("x", 1);
  }

  @Test
  void anActivationWithoutElementsOrTheirIdsCannotBeMade() {
    assertThatThrownBy(() -> new ActivateAdHocSubProcessActivities(KEY, null, false))
        .hasMessage("elements: is required");
    assertThatThrownBy(() -> new ActivateAdHocSubProcessActivities(KEY, List.of(), false))
        .hasMessage("elements: must not be empty");
    final var elements = new ArrayList<ActivateAdHocSubProcessActivities.Element>();
    elements.add(new ActivateAdHocSubProcessActivities.Element("a", null));
    elements.add(null);
    assertThatThrownBy(() -> new ActivateAdHocSubProcessActivities(KEY, elements, false))
        .hasMessage("elements[1].elementId: is required");
    assertThatThrownBy(
            () ->
                new ActivateAdHocSubProcessActivities(
                    KEY, List.of(new ActivateAdHocSubProcessActivities.Element(" ", null)), false))
        .hasMessage("elements[0].elementId: must not be blank");
  }

  @Test
  void aBadKeyOrVariablesNeverReachTheBroker() {
    assertFails(
        services.activateActivities(
            RequestContext.create(),
            new ActivateAdHocSubProcessActivities(
                0, List.of(new ActivateAdHocSubProcessActivities.Element("a", null)), false)),
        ServiceStatus.INVALID_ARGUMENT,
        "adHocSubProcessInstanceKey");
    assertThat(broker.sent()).isEmpty();
  }
}
