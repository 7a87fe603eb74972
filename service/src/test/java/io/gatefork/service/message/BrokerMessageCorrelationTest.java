package io.gatefork.service.message;

import static io.gatefork.service.testing.ServiceAssertions.assertFails;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.camunda.zeebe.protocol.impl.record.value.message.MessageCorrelationRecord;
import io.camunda.zeebe.protocol.record.RejectionType;
import io.camunda.zeebe.protocol.record.intent.MessageCorrelationIntent;
import io.gatefork.broker.client.request.PartitionTarget;
import io.gatefork.service.RequestContext;
import io.gatefork.service.codec.JsonDocument;
import io.gatefork.service.error.ServiceStatus;
import io.gatefork.service.testing.FakeBrokerClient;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerMessageCorrelationTest {
  private final FakeBrokerClient broker = new FakeBrokerClient();
  private final BrokerMessageServices services = new BrokerMessageServices(broker, Runnable::run);

  @AfterEach
  void close() {
    broker.close();
  }

  @Test
  void correlationIsRoutedByCorrelationKeyAndAnswersMessageAndInstanceKeys() throws Exception {
    broker.respondWith(
        sent ->
            FakeBrokerClient.<MessageCorrelationRecord>accepted(
                sent,
                11L,
                record ->
                    record
                        .setName("paid")
                        .setCorrelationKey("order-1")
                        .setMessageKey(11L)
                        .setProcessInstanceKey(22L)
                        .setTenantId("<default>")));

    final var correlated =
        services
            .correlate(
                RequestContext.create(),
                new CorrelateMessage("paid", "order-1", JsonDocument.ofJson("{\"sum\":5}"), null))
            .get(5, TimeUnit.SECONDS);

    assertThat(correlated).isEqualTo(new MessageCorrelated(11L, 22L, "<default>"));
    final var sent = broker.sent().getFirst();
    assertThat(sent.intent()).isEqualTo(MessageCorrelationIntent.CORRELATE);
    assertThat(sent.request().target()).isEqualTo(PartitionTarget.byCorrelationKey("order-1"));
    final var record = sent.valueAs(new MessageCorrelationRecord());
    assertThat(record.getName()).isEqualTo("paid");
    assertThat(record.getVariables()).containsEntry("sum", 5);
    assertThat(record.getTenantId()).isEqualTo("<default>");
  }

  @Test
  void noSubscriptionIsNotFound() {
    broker.respondWith(
        sent ->
            FakeBrokerClient.rejected(
                sent,
                RejectionType.NOT_FOUND,
                "Expected to find subscription for message with name 'paid'"));

    assertFails(
        services.correlate(RequestContext.create(), new CorrelateMessage("paid", "", null, null)),
        ServiceStatus.NOT_FOUND,
        "subscription");
  }

  @Test
  void aMessageWithoutNameCannotBeMade() {
    assertThatThrownBy(() -> new CorrelateMessage("", "k", null, null))
        .hasMessage("name: must not be blank");
  }
}
